#pragma once

#include "atomic/transaction_row.h"

#include <QWidget>

class QCheckBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace kvs::ui {

// The fields of the selected row of the transaction editor, as its kind needs them: key, value
// (or payload), version or "must not exist", expiry, delta, topic, delay, max attempts. Every
// keystroke re-validates: the problem shows under the fields at once, and edited() hands the
// row to the model. Thread rule: GUI thread only.
class TransactionRowEditor : public QWidget
{
    Q_OBJECT

public:
    explicit TransactionRowEditor(QWidget *parent = nullptr);

    // Shows row's fields (none: nothing selected).
    void showRow(const std::optional<TransactionRow> &row);
    TransactionRow row() const { return m_row; }
    QLineEdit *keyEdit() const { return m_key; }
    QLineEdit *valueEdit() const { return m_value; }
    QLineEdit *versionEdit() const { return m_version; }
    QCheckBox *mustNotExist() const { return m_absent; }
    QLineEdit *ttlEdit() const { return m_ttl; }
    QLineEdit *deltaEdit() const { return m_delta; }
    QLineEdit *topicEdit() const { return m_topic; }
    QLineEdit *delayEdit() const { return m_delay; }
    QLineEdit *maxAttemptsEdit() const { return m_maxAttempts; }
    QString problemText() const;

signals:
    void edited(const kvs::ui::TransactionRow &row);

private:
    void readFields();
    void setFieldVisible(QWidget *field, bool visible);

    TransactionRow m_row;
    bool m_showing = false;
    QFormLayout *m_form;      // Owned.
    QLineEdit *m_key;         // Owned.
    QLineEdit *m_value;       // Owned.
    QLineEdit *m_version;     // Owned.
    QCheckBox *m_absent;      // Owned.
    QLineEdit *m_ttl;         // Owned.
    QLineEdit *m_delta;       // Owned.
    QLineEdit *m_topic;       // Owned.
    QLineEdit *m_delay;       // Owned.
    QLineEdit *m_maxAttempts; // Owned.
    QLabel *m_problem;        // Owned.
};

} // namespace kvs::ui
