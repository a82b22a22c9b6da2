#include "search/key_search_query.h"

#include "tree/key_part_text.h"

#include <kvs/key_tree.h>

#include <QCoreApplication>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(KeySearch)
};

} // namespace

KeyMatcher::KeyMatcher(const KeySearchQuery &query)
    : m_text(query.text)
    , m_case(query.caseSensitive ? Qt::CaseSensitive : Qt::CaseInsensitive)
{
    if (!query.regularExpression)
        return;
    QRegularExpression pattern(query.text,
                               query.caseSensitive ? QRegularExpression::NoPatternOption
                                                   : QRegularExpression::CaseInsensitiveOption);
    if (!pattern.isValid()) {
        // The offset is in UTF-16 code units of the pattern; shown counting from 1.
        m_error = Tr::tr("Not a valid regular expression: %1 (at character %2).")
                      .arg(pattern.errorString())
                      .arg(pattern.patternErrorOffset() + 1);
        return;
    }
    pattern.optimize(); // compiled here, not on the first key of the scan
    m_pattern = std::move(pattern);
}

QString KeyMatcher::partText(const KeyPart &part)
{
    return ui::partText(KeyChild{part, {}, false, false, std::nullopt});
}

std::optional<std::size_t> KeyMatcher::matchingPart(const Key &key, std::size_t prefixSize) const
{
    for (std::size_t i = prefixSize; i < key.size(); ++i) {
        const QString text = partText(key[i]);
        const bool hit
            = m_pattern ? m_pattern->match(text).hasMatch() : text.contains(m_text, m_case);
        if (hit)
            return i;
    }
    return std::nullopt;
}

} // namespace kvs::ui
