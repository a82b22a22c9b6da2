#pragma once

#include <kvs/types.h>
#include <kvs/value.h>

#include <QDialog>

class QPushButton;
class QSpinBox;

namespace kvs::ui {

class LiteralEditor;

// Edits a dead message's payload before it is re-enqueued as a corrected copy (the original is
// deleted in the same transaction, see QueueActions::move): the payload's literal, prefilled
// and validated live as in the inspector, and the copy's max attempts. OK stays disabled while
// the literal does not parse. The message's last error is shown for reference; the dialog only
// collects, the caller asks for confirmation and moves. Thread rule: GUI thread only.
class MoveMessageDialog : public QDialog
{
    Q_OBJECT

public:
    MoveMessageDialog(const QueuePeekMessage &message, QWidget *parent = nullptr);

    // After accept(): the corrected payload and the copy's options (topic of the original, due
    // now).
    const Value &payload() const { return m_payload; }
    QueueOptions options() const;
    std::int64_t messageId() const { return m_id; }

    LiteralEditor *payloadEditor() const { return m_payloadEditor; }
    QSpinBox *maxAttempts() const { return m_maxAttempts; }
    QPushButton *okButton() const { return m_ok; }

    void accept() override;

private:
    std::int64_t m_id;
    std::string m_topic;
    LiteralEditor *m_payloadEditor; // Owned (child).
    QSpinBox *m_maxAttempts;        // Owned (child).
    QPushButton *m_ok;              // Owned (child of the button box).
    Value m_payload;
};

} // namespace kvs::ui
