#include "preferences/number_fields_page.h"

#include "preferences/preference_keys.h"

#include <QFormLayout>
#include <QSettings>
#include <QSpinBox>

namespace kvs::ui {

NumberFieldsPage::NumberFieldsPage(QString title, QList<NumberField> fields, QWidget *parent)
    : PreferencesPage(parent)
    , m_title(std::move(title))
    , m_fields(std::move(fields))
{
    auto *form = new QFormLayout(this);
    for (const NumberField &field : std::as_const(m_fields)) {
        auto *box = new QSpinBox(this);
        box->setObjectName(field.key);
        box->setRange(field.min, field.max);
        box->setSuffix(field.suffix);
        box->setToolTip(field.toolTip);
        box->setGroupSeparatorShown(true);
        box->setValue(field.defaultValue);
        form->addRow(field.label, box);
        m_boxes.append(box);
    }
}

void NumberFieldsPage::load(const QSettings &settings)
{
    for (qsizetype i = 0; i < m_fields.size(); ++i) {
        const NumberField &field = m_fields[i];
        m_boxes[i]->setValue(
            prefs::intSetting(settings, field.key, field.defaultValue, field.min, field.max));
    }
}

void NumberFieldsPage::save(QSettings &settings) const
{
    for (qsizetype i = 0; i < m_fields.size(); ++i)
        settings.setValue(m_fields[i].key, m_boxes[i]->value());
}

QSpinBox *NumberFieldsPage::field(const QString &key) const
{
    for (qsizetype i = 0; i < m_fields.size(); ++i) {
        if (m_fields[i].key == key)
            return m_boxes[i];
    }
    return nullptr;
}

} // namespace kvs::ui
