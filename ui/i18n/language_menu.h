#pragma once

#include <QMenu>

class QActionGroup;
class QSettings;

namespace kvs::ui {

// The Language menu: the system's language or one of availableUiLanguages(). A choice is stored
// at once and shown from the next start, which the menu says in a message; open tabs are not
// touched. A later Preferences dialog can take the setting over (storeUiLanguage()).
// Thread rule: GUI thread only.
class LanguageMenu : public QMenu
{
    Q_OBJECT

public:
    // settings: where the choice is kept (null: the default QSettings). Not owned.
    explicit LanguageMenu(QWidget *parent = nullptr, QSettings *settings = nullptr);

signals:
    // The user chose code (empty: the system's language); it is stored already.
    void languageChosen(const QString &code);

private:
    void choose(const QString &code);

    QSettings *m_settings; // Not owned; may be null.
    QActionGroup *m_group; // Owned (child).
};

} // namespace kvs::ui
