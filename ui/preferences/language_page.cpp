#include "preferences/language_page.h"

#include "i18n/ui_language.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>

#include <algorithm>

namespace kvs::ui {

LanguagePage::LanguagePage(QWidget *parent)
    : PreferencesPage(parent)
    , m_language(new QComboBox(this))
    , m_note(new QLabel(this))
{
    m_language->setObjectName(QStringLiteral("ui/language"));
    m_language->addItem(tr("The system's language"), QString());
    for (const UiLanguage &language : availableUiLanguages())
        m_language->addItem(language.nativeName, language.code);
    m_note->setObjectName(QStringLiteral("restartNote"));
    m_note->setWordWrap(true);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Language:"), m_language);
    form->addRow(QString(), m_note);
    connect(m_language, &QComboBox::currentIndexChanged, this, &LanguagePage::updateNote);
    updateNote();
}

QString LanguagePage::title() const
{
    return tr("General");
}

void LanguagePage::load(const QSettings &settings)
{
    // A code no longer offered reads as the system's language, as at start.
    const int index
        = m_language->findData(settings.value(QStringLiteral("ui/language")).toString());
    m_language->setCurrentIndex(std::max(0, index));
    m_stored = m_language->currentData().toString();
    updateNote();
}

void LanguagePage::save(QSettings &settings) const
{
    settings.setValue(QStringLiteral("ui/language"), m_language->currentData().toString());
}

QString LanguagePage::restartNote() const
{
    return m_note->isHidden() ? QString() : m_note->text();
}

void LanguagePage::updateNote()
{
    m_note->setText(tr("Takes effect after a restart."));
    m_note->setVisible(m_language->currentData().toString() != m_stored);
}

} // namespace kvs::ui
