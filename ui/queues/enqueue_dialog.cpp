#include "queues/enqueue_dialog.h"

#include "common/literal_editor.h"
#include "common/literal_pretty_printer.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

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
    build(nullptr, {});
    m_ok->setText(tr("Enqueue"));
    resize(560, 360);
    m_payloadEditor->textEdit()->selectAll();
}

EnqueueDialog::EnqueueDialog(const QueuePeekMessage &message, QWidget *parent)
    : QDialog(parent)
    , m_replaced(message.id)
    , m_replacedTopic(message.topic)
    , m_payloadEditor(new LiteralEditor(LiteralEditor::Kind::Value, this))
    , m_maxAttempts(new QSpinBox(this))
{
    setWindowTitle(tr("Edit and re-enqueue message %1").arg(message.id));
    setObjectName(QStringLiteral("moveMessageDialog"));
    auto *about = new QLabel(tr("Message %1 of topic \"%2\", %3 of %4 attempts made. The corrected "
                                "copy is enqueued due now; the original is deleted in the same "
                                "transaction.")
                                 .arg(message.id)
                                 .arg(QString::fromStdString(message.topic))
                                 .arg(message.attempts)
                                 .arg(message.maxAttempts),
                             this);
    about->setWordWrap(true);
    // The whole payload: an edited copy of a part would lose the rest.
    PrettyPrintOptions whole;
    whole.maxBytes = std::numeric_limits<std::size_t>::max();
    m_payloadEditor->setText(
        QString::fromStdString(prettyPrintLiteral(message.payload, whole).text));
    m_maxAttempts->setRange(1, 1000000);
    m_maxAttempts->setValue(int(std::max<std::int64_t>(1, message.maxAttempts)));
    build(about, message.lastError ? QString::fromStdString(*message.lastError) : tr("(none)"));
    m_ok->setText(tr("Re-enqueue…"));
    resize(640, 420);
}

void EnqueueDialog::build(QWidget *about, const QString &lastError)
{
    m_maxAttempts->setToolTip(tr("Deliveries before the message goes dead."));

    auto *form = new QFormLayout;
    if (m_topic)
        form->addRow(tr("Topic:"), m_topic);
    if (about) {
        auto *error = new QLabel(lastError, this);
        error->setObjectName(QStringLiteral("moveLastError"));
        error->setTextFormat(Qt::PlainText);
        error->setWordWrap(true);
        error->setTextInteractionFlags(Qt::TextSelectableByMouse);
        form->addRow(tr("Last error:"), error);
    }
    form->addRow(tr("Payload:"), m_payloadEditor);
    if (m_delay)
        form->addRow(tr("Delay:"), m_delay);
    form->addRow(tr("Max attempts:"), m_maxAttempts);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &EnqueueDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &EnqueueDialog::reject);
    auto *layout = new QVBoxLayout(this);
    if (about)
        layout->addWidget(about);
    layout->addLayout(form, 1);
    layout->addWidget(buttons);

    // While an edit waits for its validation, OK waits too.
    connect(m_payloadEditor->textEdit(), &QPlainTextEdit::textChanged, this, [this] {
        m_payloadValid = false;
        updateOk();
    });
    connect(m_payloadEditor, &LiteralEditor::validated, this, [this](bool valid) {
        m_payloadValid = valid;
        updateOk();
    });
    if (m_topic)
        connect(m_topic, &QLineEdit::textChanged, this, &EnqueueDialog::updateOk);
    m_payloadValid = m_payloadEditor->isValid();
    updateOk();
    m_payloadEditor->textEdit()->setFocus();
}

QueueOptions EnqueueDialog::options() const
{
    QueueOptions options;
    options.topic = m_topic ? m_topic->text().toStdString() : m_replacedTopic;
    options.delay = m_delay ? m_delay->value() * 1000 : 0;
    options.maxAttempts = m_maxAttempts->value();
    return options;
}

void EnqueueDialog::updateOk()
{
    m_ok->setEnabled(m_payloadValid && (!m_topic || !m_topic->text().isEmpty()));
}

void EnqueueDialog::accept()
{
    if (m_topic && m_topic->text().isEmpty())
        return;
    const std::optional<Value> payload = m_payloadEditor->parseValue();
    if (!payload)
        return;
    m_payload = *payload;
    QDialog::accept();
}

} // namespace kvs::ui
