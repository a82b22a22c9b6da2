#include "atomic/transaction_row_editor.h"

#include "theme/ui_palette.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>

namespace kvs::ui {

TransactionRowEditor::TransactionRowEditor(QWidget *parent)
    : QWidget(parent)
    , m_form(new QFormLayout)
    , m_key(new QLineEdit(this))
    , m_value(new QLineEdit(this))
    , m_version(new QLineEdit(this))
    , m_absent(new QCheckBox(tr("Must not exist"), this))
    , m_ttl(new QLineEdit(this))
    , m_delta(new QLineEdit(this))
    , m_topic(new QLineEdit(this))
    , m_delay(new QLineEdit(this))
    , m_maxAttempts(new QLineEdit(this))
    , m_problem(new QLabel(this))
{
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QLineEdit *edit : {m_key, m_value})
        edit->setFont(fixed);
    m_key->setObjectName(QStringLiteral("transactionKey"));
    m_value->setObjectName(QStringLiteral("transactionValue"));
    m_key->setPlaceholderText(tr("Key literal, e.g. [\"users\", \"alice\"]"));
    m_value->setPlaceholderText(tr("Value literal, e.g. {name: \"Alice\"}"));
    m_version->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,18}")), this));
    m_ttl->setPlaceholderText(tr("No expiry"));
    m_topic->setPlaceholderText(QStringLiteral("default"));
    m_delay->setPlaceholderText(QStringLiteral("0"));
    m_maxAttempts->setPlaceholderText(QStringLiteral("3"));
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->setObjectName(QStringLiteral("transactionRowProblem"));
    m_problem->setStyleSheet(UiPalette::of(this).textStyle(UiPalette::Role::Error));

    auto *version = new QWidget(this);
    auto *versionRow = new QHBoxLayout(version);
    versionRow->setContentsMargins(0, 0, 0, 0);
    versionRow->addWidget(m_version, 1);
    versionRow->addWidget(m_absent);
    m_form->addRow(tr("Key"), m_key);
    m_form->addRow(tr("Value"), m_value);
    m_form->addRow(tr("Version"), version);
    m_form->addRow(tr("Expires after (ms)"), m_ttl);
    m_form->addRow(tr("Delta"), m_delta);
    m_form->addRow(tr("Topic"), m_topic);
    m_form->addRow(tr("Delay (ms)"), m_delay);
    m_form->addRow(tr("Max attempts"), m_maxAttempts);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_form);
    layout->addWidget(m_problem);

    for (QLineEdit *edit :
         {m_key, m_value, m_version, m_ttl, m_delta, m_topic, m_delay, m_maxAttempts})
        connect(edit, &QLineEdit::textEdited, this, &TransactionRowEditor::readFields);
    connect(m_absent, &QCheckBox::toggled, this, [this](bool absent) {
        m_version->setEnabled(!absent);
        readFields();
    });
    showRow(std::nullopt);
}

void TransactionRowEditor::setFieldVisible(QWidget *field, bool visible)
{
    QWidget *shown = field == m_version ? field->parentWidget() : field;
    m_form->setRowVisible(shown, visible);
}

void TransactionRowEditor::showRow(const std::optional<TransactionRow> &row)
{
    m_showing = true;
    setEnabled(row.has_value());
    m_row = row.value_or(TransactionRow{});
    using Kind = TransactionRow::Kind;
    const Kind kind = m_row.kind;
    m_key->setText(m_row.key);
    m_value->setText(m_row.value);
    m_version->setText(m_row.version ? QString::number(*m_row.version) : QString());
    m_absent->setChecked(!m_row.version);
    m_version->setEnabled(m_row.version.has_value());
    m_ttl->setText(m_row.ttl);
    m_delta->setText(m_row.delta);
    m_topic->setText(m_row.topic);
    m_delay->setText(m_row.delay);
    m_maxAttempts->setText(m_row.maxAttempts);
    m_form->setRowVisible(m_value, m_row.hasValue());
    m_form->labelForField(m_value)->setProperty(
        "text", kind == Kind::Enqueue ? tr("Payload") : tr("Value"));
    setFieldVisible(m_key, m_row.hasKey());
    setFieldVisible(m_version, kind == Kind::Check);
    setFieldVisible(m_ttl, kind == Kind::Set);
    setFieldVisible(m_delta, kind == Kind::Sum);
    for (QLineEdit *edit : {m_topic, m_delay, m_maxAttempts})
        setFieldVisible(edit, kind == Kind::Enqueue);
    m_problem->setText(row ? problemOf(m_row) : QString());
    m_showing = false;
}

QString TransactionRowEditor::problemText() const
{
    return m_problem->text();
}

void TransactionRowEditor::readFields()
{
    if (m_showing)
        return;
    m_row.key = m_key->text();
    m_row.value = m_value->text();
    if (m_absent->isChecked() || m_version->text().isEmpty())
        m_row.version.reset();
    else
        m_row.version = m_version->text().toLongLong();
    m_row.ttl = m_ttl->text();
    m_row.delta = m_delta->text();
    m_row.topic = m_topic->text();
    m_row.delay = m_delay->text();
    m_row.maxAttempts = m_maxAttempts->text();
    m_problem->setText(problemOf(m_row));
    emit edited(m_row);
}

} // namespace kvs::ui
