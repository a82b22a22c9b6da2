#include "queues/move_message_dialog.h"

#include "common/literal_editor.h"
#include "common/literal_pretty_printer.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace kvs::ui {

MoveMessageDialog::MoveMessageDialog(const QueuePeekMessage &message, QWidget *parent)
    : QDialog(parent)
    , m_id(message.id)
    , m_topic(message.topic)
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
    auto *lastError = new QLabel(
        message.lastError ? QString::fromStdString(*message.lastError) : tr("(none)"), this);
    lastError->setObjectName(QStringLiteral("moveLastError"));
    lastError->setTextFormat(Qt::PlainText);
    lastError->setWordWrap(true);
    lastError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The whole payload: an edited copy of a part would lose the rest.
    PrettyPrintOptions whole;
    whole.maxBytes = std::numeric_limits<std::size_t>::max();
    m_payloadEditor->setText(
        QString::fromStdString(prettyPrintLiteral(message.payload, whole).text));
    m_maxAttempts->setRange(1, 1000000);
    m_maxAttempts->setValue(int(std::max<std::int64_t>(1, message.maxAttempts)));

    auto *form = new QFormLayout;
    form->addRow(tr("Last error:"), lastError);
    form->addRow(tr("Payload:"), m_payloadEditor);
    form->addRow(tr("Max attempts:"), m_maxAttempts);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Re-enqueue…"));
    connect(buttons, &QDialogButtonBox::accepted, this, &MoveMessageDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &MoveMessageDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(about);
    layout->addLayout(form, 1);
    layout->addWidget(buttons);
    resize(640, 420);

    // While an edit waits for its validation, OK waits too.
    connect(m_payloadEditor->textEdit(), &QPlainTextEdit::textChanged, m_ok, [this] {
        m_ok->setEnabled(false);
    });
    connect(m_payloadEditor, &LiteralEditor::validated, m_ok, &QPushButton::setEnabled);
    m_ok->setEnabled(m_payloadEditor->isValid());
    m_payloadEditor->textEdit()->setFocus();
}

QueueOptions MoveMessageDialog::options() const
{
    QueueOptions options;
    options.topic = m_topic;
    options.delay = 0;
    options.maxAttempts = m_maxAttempts->value();
    return options;
}

void MoveMessageDialog::accept()
{
    const std::optional<Value> payload = m_payloadEditor->parseValue();
    if (!payload)
        return;
    m_payload = *payload;
    QDialog::accept();
}

} // namespace kvs::ui
