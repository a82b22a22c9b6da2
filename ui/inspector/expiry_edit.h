#pragma once

#include "inspector/expiry_choice.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;

namespace kvs::ui {

// Chooses what a write does with a key's expiry: keep it (when offered), no expiry, or expire
// in N seconds / minutes / hours / days. Thread rule: GUI thread only.
class ExpiryEdit : public QWidget
{
    Q_OBJECT

public:
    // offerKeep: the first choice is "Keep the current expiry" (editing an existing key).
    explicit ExpiryEdit(bool offerKeep, QWidget *parent = nullptr);

    ExpiryChoice choice() const;
    // Shows choice (Set in the largest unit that holds it whole).
    void setChoice(const ExpiryChoice &choice);

private:
    void updateEnabled();

    bool m_offerKeep;
    QComboBox *m_mode;        // Owned (child).
    QDoubleSpinBox *m_amount; // Owned (child).
    QComboBox *m_unit;        // Owned (child).
};

} // namespace kvs::ui
