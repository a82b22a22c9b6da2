#include "common/message_banner.h"

#include "theme/ui_palette.h"

#include <QAbstractButton>
#include <QHBoxLayout>
#include <QLabel>

namespace kvs::ui {

namespace {

// A run of this many characters without a space is a path, URL or list a line may break in.
constexpr int kLongWord = 24;
// The least width of the text: a banner wraps its words in the width the window has, and a
// word wider than this is cut rather than widening the window.
constexpr int kLeastTextWidth = 160;

// text with a zero-width space after each separator (/ \ , ; : = & ? _ . -) of its long words,
// where a line may then break.
QString withBreaks(const QString &text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    int run = 0;
    for (const QChar c : text) {
        out += c;
        run = c.isSpace() ? 0 : run + 1;
        if (run >= kLongWord / 2 && QStringView(u"/\\,;:=&?_.-").contains(c)) {
            out += QChar(0x200B);
            run = 0;
        }
    }
    return out;
}

} // namespace

MessageBanner::MessageBanner(Tone tone, QWidget *parent)
    : QWidget(parent)
    , m_text(new QLabel(this))
{
    setObjectName(QStringLiteral("messageBanner"));
    // A style sheet on a plain QWidget paints only with WA_StyledBackground.
    setAttribute(Qt::WA_StyledBackground, true);
    setStyleSheet(
        QStringLiteral("#messageBanner { %1 }")
            .arg(UiPalette::of(this).bannerStyle(tone == Tone::Warning ? UiPalette::Tone::Warning
                                                                       : UiPalette::Tone::Error)));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setMinimumWidth(kLeastTextWidth);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_text, 1);
    hide();
}

void MessageBanner::addButton(QAbstractButton *button)
{
    layout()->addWidget(button);
}

void MessageBanner::showMessage(const QString &text)
{
    m_message = text;
    m_text->setText(withBreaks(text));
    show();
}

QString MessageBanner::message() const
{
    return isHidden() ? QString() : m_message;
}

} // namespace kvs::ui
