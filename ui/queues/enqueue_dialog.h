#pragma once

#include <kvs/types.h>
#include <kvs/value.h>

#include <QDialog>

#include <cstdint>
#include <optional>
#include <string>

class QDoubleSpinBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace kvs::ui {

class LiteralEditor;

// Asks for a queue message's payload as a literal (the inspector's editor: live validation, the
// error under the text) and its max attempts; OK stays disabled while the payload does not parse.
// Two uses:
// - a new message: topic (prefilled), payload, delay and max attempts; OK also needs a topic.
// - edit and re-enqueue a dead message: its payload prefilled whole and its max attempts, its
//   last error shown for reference; the corrected copy goes to the message's topic, due now,
//   and replaces it (the original is deleted in the same transaction, see QueueActions::move).
// The dialog only collects; the caller asks for confirmation where one is needed, and writes.
// Thread rule: GUI thread only.
class EnqueueDialog : public QDialog
{
    Q_OBJECT

public:
    // A new message for topic.
    explicit EnqueueDialog(const QString &topic, QWidget *parent = nullptr);
    // A corrected copy of the dead message.
    explicit EnqueueDialog(const QueuePeekMessage &message, QWidget *parent = nullptr);

    // After accept(): what the user entered (the copy of a dead message: its topic, due now).
    const Value &payload() const { return m_payload; }
    QueueOptions options() const;
    // The dead message the copy replaces; nullopt for a new message.
    std::optional<std::int64_t> messageId() const { return m_replaced; }

    // The fields; a copy of a dead message has no topic and delay fields (null).
    QLineEdit *topicEdit() const { return m_topic; }
    LiteralEditor *payloadEditor() const { return m_payloadEditor; }
    QDoubleSpinBox *delaySeconds() const { return m_delay; }
    QSpinBox *maxAttempts() const { return m_maxAttempts; }
    QPushButton *okButton() const { return m_ok; }

    void accept() override;

private:
    // The fields both uses share, and the buttons; rows go into the form in order.
    void build(QWidget *about, const QString &lastError);
    void updateOk();

    std::optional<std::int64_t> m_replaced;
    std::string m_replacedTopic;
    QLineEdit *m_topic = nullptr;      // Owned (child); null for a copy.
    LiteralEditor *m_payloadEditor;    // Owned (child).
    QDoubleSpinBox *m_delay = nullptr; // Owned (child); null for a copy.
    QSpinBox *m_maxAttempts;           // Owned (child).
    QPushButton *m_ok = nullptr;       // Owned (child of the button box).
    bool m_payloadValid = true;
    Value m_payload;
};

} // namespace kvs::ui
