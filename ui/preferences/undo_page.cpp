#include "preferences/undo_page.h"

#include "preferences/preference_keys.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>

namespace kvs::ui {

UndoPage::UndoPage(QWidget *parent)
    : PreferencesPage(parent)
    , m_enabled(new QCheckBox(tr("Keep an undo journal (Edit ▸ Undo and Redo)"), this))
    , m_megabytes(new QSpinBox(this))
    , m_days(new QSpinBox(this))
{
    m_enabled->setObjectName(prefs::kUndoJournalEnabled);
    m_megabytes->setObjectName(prefs::kUndoJournalMegabytes);
    m_megabytes->setRange(prefs::kUndoJournalMegabytesMin, prefs::kUndoJournalMegabytesMax);
    m_megabytes->setSuffix(tr(" MB per database"));
    m_megabytes->setGroupSeparatorShown(true);
    m_days->setObjectName(prefs::kUndoJournalDays);
    m_days->setRange(prefs::kUndoJournalDaysMin, prefs::kUndoJournalDaysMax);
    m_days->setSuffix(tr(" days"));
    auto *note = new QLabel(
        tr("The journal keeps, for each change you make to keys here, the value it replaced, so "
           "Undo can put it back. Unlike the audit log it holds values: they stay on this "
           "computer's disk, in a file only you can read in the data folder, until they are "
           "older or more than the limits below. Turn it off to keep no values on disk. Applies "
           "to tabs that allow writes from now on."),
        this);
    note->setWordWrap(true);
    auto *form = new QFormLayout(this);
    form->addRow(m_enabled);
    form->addRow(note);
    form->addRow(tr("Keep at most:"), m_megabytes);
    form->addRow(tr("Keep for:"), m_days);
    connect(m_enabled, &QCheckBox::toggled, m_megabytes, &QWidget::setEnabled);
    connect(m_enabled, &QCheckBox::toggled, m_days, &QWidget::setEnabled);
}

QString UndoPage::title() const
{
    return tr("Undo");
}

void UndoPage::load(const QSettings &settings)
{
    m_enabled->setChecked(prefs::undoJournalEnabled(settings));
    m_megabytes->setValue(prefs::undoJournalMegabytes(settings));
    m_days->setValue(prefs::undoJournalDays(settings));
    m_megabytes->setEnabled(m_enabled->isChecked());
    m_days->setEnabled(m_enabled->isChecked());
}

void UndoPage::save(QSettings &settings) const
{
    settings.setValue(prefs::kUndoJournalEnabled, m_enabled->isChecked());
    settings.setValue(prefs::kUndoJournalMegabytes, m_megabytes->value());
    settings.setValue(prefs::kUndoJournalDays, m_days->value());
}

} // namespace kvs::ui
