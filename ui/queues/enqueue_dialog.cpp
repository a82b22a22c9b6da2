#include "queues/enqueue_dialog.h"

#include "common/literal_editor.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace kvs::ui {

EnqueueDialog::EnqueueDialog(const QString &topic, QWidget *parent)
    : QDialog(parent)
    , m_topic(new QLineEdit(topic, this))
    , m_payloadEditor(new LiteralEditor(LiteralEditor::Kind::Value, this))
    , m_delay(new QDoubleSpinBox(this))
    , m_maxAttempts(new QSpinBox(this))
{
    setWindowTitle(tr("Enqueue message"));
    setObjectName(QStringLiteral("enqueueDialog"));
    m_topic->setPlaceholderText(tr("Topic name"));
    m_payloadEditor->setText(QStringLiteral("{}"));
    m_delay->setRange(0, 365.0 * 24 * 3600);
    m_delay->setDecimals(3);
    m_delay->setSuffix(tr(" s"));
    m_delay->setToolTip(tr("The message becomes due this long after it is enqueued."));
    m_maxAttempts->setRange(1, 1000000);
    m_maxAttempts->setValue(int(QueueOptions{}.maxAttempts));
    m_maxAttempts->setToolTip(tr("Deliveries before the message goes dead."));

    auto *form = new QFormLayout;
    form->addRow(tr("Topic:"), m_topic);
    form->addRow(tr("Payload:"), m_payloadEditor);
    form->addRow(tr("Delay:"), m_delay);
    form->addRow(tr("Max attempts:"), m_maxAttempts);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Enqueue"));
    connect(buttons, &QDialogButtonBox::accepted, this, &EnqueueDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &EnqueueDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form, 1);
    layout->addWidget(buttons);
    resize(560, 360);

    // While an edit waits for its validation, OK waits too.
    connect(m_payloadEditor->textEdit(), &QPlainTextEdit::textChanged, this, [this] {
        m_payloadValid = false;
        updateOk();
    });
    connect(m_payloadEditor, &LiteralEditor::validated, this, [this](bool valid) {
        m_payloadValid = valid;
        updateOk();
    });
    connect(m_topic, &QLineEdit::textChanged, this, &EnqueueDialog::updateOk);
    m_payloadValid = m_payloadEditor->isValid();
    updateOk();
    m_payloadEditor->textEdit()->setFocus();
    m_payloadEditor->textEdit()->selectAll();
}

QueueOptions EnqueueDialog::options() const
{
    QueueOptions options;
    options.topic = m_topic->text().toStdString();
    options.delay = m_delay->value() * 1000;
    options.maxAttempts = m_maxAttempts->value();
    return options;
}

void EnqueueDialog::updateOk()
{
    m_ok->setEnabled(m_payloadValid && !m_topic->text().isEmpty());
}

void EnqueueDialog::accept()
{
    if (m_topic->text().isEmpty())
        return;
    const std::optional<Value> payload = m_payloadEditor->parseValue();
    if (!payload)
        return;
    m_payload = *payload;
    QDialog::accept();
}

} // namespace kvs::ui
