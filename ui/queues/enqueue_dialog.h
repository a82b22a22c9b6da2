#pragma once

#include <kvs/types.h>
#include <kvs/value.h>

#include <QDialog>

class QDoubleSpinBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace kvs::ui {

class LiteralEditor;

// Asks for a new queue message: topic, payload literal (the inspector's editor: live
// validation, the error under the text), delay and max attempts. OK stays disabled while the
// payload does not parse or the topic is empty. Thread rule: GUI thread only.
class EnqueueDialog : public QDialog
{
    Q_OBJECT

public:
    explicit EnqueueDialog(const QString &topic, QWidget *parent = nullptr);

    // After accept(): what the user entered.
    const Value &payload() const { return m_payload; }
    QueueOptions options() const;

    QLineEdit *topicEdit() const { return m_topic; }
    LiteralEditor *payloadEditor() const { return m_payloadEditor; }
    QDoubleSpinBox *delaySeconds() const { return m_delay; }
    QSpinBox *maxAttempts() const { return m_maxAttempts; }
    QPushButton *okButton() const { return m_ok; }

    void accept() override;

private:
    void updateOk();

    QLineEdit *m_topic;             // Owned (child).
    LiteralEditor *m_payloadEditor; // Owned (child).
    QDoubleSpinBox *m_delay;        // Owned (child).
    QSpinBox *m_maxAttempts;        // Owned (child).
    QPushButton *m_ok;              // Owned (child of the button box).
    bool m_payloadValid = true;
    Value m_payload;
};

} // namespace kvs::ui
