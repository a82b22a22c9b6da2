#pragma once

#include <QList>
#include <QString>

class QSettings;

namespace kvs::ui {

// The user interface's language (issue #16): English, or a translation compiled in from
// translations/kvs_<code>.ts. The choice is stored in the settings ("ui/language"; empty: the
// system's language) and applied at start. The command-line tool stays English.
// Thread rule: GUI thread only.

struct UiLanguage
{
    QString code;       // "en", "de"
    QString nativeName; // "English", "Deutsch": shown untranslated, as language menus do
};

// The languages the UI can show, English first.
[[nodiscard]] QList<UiLanguage> availableUiLanguages();

// The stored choice: a code from availableUiLanguages(), or empty for the system's language.
// settings: null means the application's default QSettings.
[[nodiscard]] QString storedUiLanguage(QSettings *settings = nullptr);
// Stores code (empty: the system's language). The settings file is made readable by its owner
// only (0600), as it also holds the recent connections.
void storeUiLanguage(const QString &code, QSettings *settings = nullptr);

// Installs the translators for code (empty: the system's language) into the running
// application, replacing those installed before, and makes QLocale's default match, so dates and
// numbers follow the language. Returns the language used: "en" when there is no translation.
// Widgets made before the call keep their text. Requires: a QCoreApplication exists.
QString applyUiLanguage(const QString &code);

} // namespace kvs::ui
