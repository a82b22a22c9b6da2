#pragma once

#include "preferences/preferences_page.h"

class QCheckBox;
class QSpinBox;

namespace kvs::ui {

// Preferences ▸ Undo: the undo journal on or off (one switch), and how much of it each database
// keeps (size and age). Says that, unlike the audit log, the journal holds values on disk.
// Thread rule: GUI thread only.
class UndoPage : public PreferencesPage
{
    Q_OBJECT

public:
    explicit UndoPage(QWidget *parent = nullptr);

    QString title() const override;
    void load(const QSettings &settings) override;
    void save(QSettings &settings) const override;

private:
    QCheckBox *m_enabled;  // Owned (child).
    QSpinBox *m_megabytes; // Owned (child).
    QSpinBox *m_days;      // Owned (child).
};

} // namespace kvs::ui
