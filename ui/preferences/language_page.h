#pragma once

#include "preferences/preferences_page.h"

class QComboBox;
class QLabel;

namespace kvs::ui {

// The General page: the user interface's language (the system's by default; the key
// "ui/language" that the Settings ▸ Language menu also writes). A change shows that it takes
// effect after a restart. Thread rule: GUI thread only.
class LanguagePage : public PreferencesPage
{
    Q_OBJECT

public:
    explicit LanguagePage(QWidget *parent = nullptr);

    QString title() const override;
    void load(const QSettings &settings) override;
    void save(QSettings &settings) const override;

    QComboBox *languageBox() const { return m_language; }
    // "Takes effect after a restart." while the choice differs from the stored one, else empty.
    QString restartNote() const;

private:
    void updateNote();

    QComboBox *m_language; // Owned (child).
    QLabel *m_note;        // Owned (child).
    QString m_stored;      // the code stored when the page was loaded (empty: the system's)
};

} // namespace kvs::ui
