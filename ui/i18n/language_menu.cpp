#include "i18n/language_menu.h"

#include "i18n/ui_language.h"

#include <QActionGroup>
#include <QMessageBox>

namespace kvs::ui {

LanguageMenu::LanguageMenu(QWidget *parent, QSettings *settings)
    : QMenu(tr("&Language"), parent)
    , m_settings(settings)
    , m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("languageMenu"));
    const QString stored = storedUiLanguage(m_settings);
    auto add = [this, &stored](const QString &text, const QString &code) {
        QAction *action = addAction(text);
        action->setCheckable(true);
        action->setChecked(code == stored);
        action->setData(code);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { choose(code); });
    };
    add(tr("System Default"), QString());
    addSeparator();
    for (const UiLanguage &language : availableUiLanguages())
        add(language.nativeName, language.code);
}

void LanguageMenu::choose(const QString &code)
{
    if (code == storedUiLanguage(m_settings))
        return;
    storeUiLanguage(code, m_settings);
    emit languageChosen(code);
    // Not modal: the open tabs stay usable, and nothing waits on the answer.
    auto *box = new QMessageBox(QMessageBox::Information,
                                tr("Language"),
                                tr("KVS Admin shows the chosen language from its next start. "
                                   "Restart it when convenient: nothing else changes."),
                                QMessageBox::Ok,
                                parentWidget());
    box->setObjectName(QStringLiteral("languageRestartNote"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace kvs::ui
