#pragma once

#include "preferences/preferences_page.h"

#include <QList>
#include <QString>

class QSpinBox;

namespace kvs::ui {

// A whole number setting: its key, label, unit and range.
struct NumberField
{
    QString key;
    QString label;
    QString suffix; // e.g. " s"; empty for none
    QString toolTip;
    int defaultValue;
    int min;
    int max;
};

// A page of number settings (spin boxes in a form), the shape most views' settings take. Each
// spin box is named after its settings key, e.g. "tree/pageSize". Thread rule: GUI thread only.
class NumberFieldsPage : public PreferencesPage
{
    Q_OBJECT

public:
    NumberFieldsPage(QString title, QList<NumberField> fields, QWidget *parent = nullptr);

    QString title() const override { return m_title; }
    void load(const QSettings &settings) override;
    void save(QSettings &settings) const override;
    // The spin box of key, or null.
    QSpinBox *field(const QString &key) const;

private:
    QString m_title;
    QList<NumberField> m_fields;
    QList<QSpinBox *> m_boxes; // Owned (children), one per field.
};

} // namespace kvs::ui
