#include "i18n/ui_language.h"

#include "common/private_settings.h"
#include "common/ui_logging.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <algorithm>
#include <memory>

namespace kvs::ui {

namespace {

const QString kLanguageKey = QStringLiteral("ui/language");

// The translators in use: the UI's own and Qt's (standard dialogs and buttons).
std::unique_ptr<QTranslator> &uiTranslator()
{
    static std::unique_ptr<QTranslator> translator;
    return translator;
}

std::unique_ptr<QTranslator> &qtTranslator()
{
    static std::unique_ptr<QTranslator> translator;
    return translator;
}

bool isAvailable(const QString &code)
{
    const QList<UiLanguage> languages = availableUiLanguages();
    return std::any_of(languages.begin(), languages.end(), [&code](const UiLanguage &language) {
        return language.code == code;
    });
}

// The language for the system's locale: the first of its UI languages that we have.
QString systemLanguage()
{
    const QStringList wanted = QLocale::system().uiLanguages();
    for (const QString &name : wanted) {
        const QString code = QLocale(name).name().section(QLatin1Char('_'), 0, 0);
        if (isAvailable(code))
            return code;
    }
    return QStringLiteral("en");
}

} // namespace

QList<UiLanguage> availableUiLanguages()
{
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")}};
}

QString storedUiLanguage(QSettings *settings)
{
    QSettings own;
    const QString code = (settings ? settings : &own)->value(kLanguageKey).toString();
    return isAvailable(code) ? code : QString();
}

void storeUiLanguage(const QString &code, QSettings *settings)
{
    QSettings own;
    QSettings *target = settings ? settings : &own;
    target->setValue(kLanguageKey, code);
    syncPrivately(*target); // created 0600, not narrowed after a first write at 0644
}

QString applyUiLanguage(const QString &code)
{
    const QString language = code.isEmpty() || !isAvailable(code) ? systemLanguage() : code;
    for (auto *slot : {&uiTranslator(), &qtTranslator()}) {
        if (*slot)
            QCoreApplication::removeTranslator(slot->get());
        slot->reset();
    }
    // Dates, numbers and sizes follow the UI's language, in the system's country where it fits.
    const QLocale system = QLocale::system();
    const QLocale locale
        = system.language() == QLocale(language).language() ? system : QLocale(language);
    QLocale::setDefault(locale);

    // English too: its file holds only the plural forms ("1 entry", where the sources say
    // "%Ln entries").
    auto ui = std::make_unique<QTranslator>();
    if (ui->load(QStringLiteral(":/i18n/kvs_%1.qm").arg(language))) {
        QCoreApplication::installTranslator(ui.get());
        uiTranslator() = std::move(ui);
    } else if (language == QLatin1String("en")) {
        qCWarning(lcUi) << "no English plural forms compiled in";
        return language;
    } else {
        qCWarning(lcUi) << "no translation compiled in for" << language;
        return QStringLiteral("en");
    }
    if (language == QLatin1String("en"))
        return language; // Qt's own strings are English
    // Qt's own strings (the buttons of standard dialogs): beside the bundled Qt, or the system's.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QLocale(language),
                 QStringLiteral("qtbase"),
                 QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        qtTranslator() = std::move(qt);
    }
    return language;
}

} // namespace kvs::ui
