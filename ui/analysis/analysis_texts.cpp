#include "analysis/analysis_texts.h"

#include <QCoreApplication>
#include <QLocale>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(AnalysisTexts)
};

} // namespace

QString analysisBytesText(std::int64_t bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

QString expiryGroupText(const QString &group)
{
    // The names of kvs::expiryGroupName(), which the JSON keeps untranslated.
    static const std::pair<const char *, const char *> kGroups[] = {
        {"none", QT_TRANSLATE_NOOP("AnalysisTexts", "no expiry")},
        {"expired", QT_TRANSLATE_NOOP("AnalysisTexts", "expired, not cleaned")},
        {"under 1 h", QT_TRANSLATE_NOOP("AnalysisTexts", "under 1 h")},
        {"1-4 h", QT_TRANSLATE_NOOP("AnalysisTexts", "1–4 h")},
        {"4-12 h", QT_TRANSLATE_NOOP("AnalysisTexts", "4–12 h")},
        {"12-24 h", QT_TRANSLATE_NOOP("AnalysisTexts", "12–24 h")},
        {"1-7 d", QT_TRANSLATE_NOOP("AnalysisTexts", "1–7 days")},
        {"later", QT_TRANSLATE_NOOP("AnalysisTexts", "later")},
    };
    for (const auto &[name, text] : kGroups) {
        if (group == QLatin1String(name))
            return Tr::tr(text);
    }
    return group;
}

} // namespace kvs::ui
