#include "common/typed_name_dialog.h"

#include "common/environment_strip.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace kvs::ui {

TypedNameDialog::TypedNameDialog(const TypedNameQuestion &question, QWidget *parent)
    : QDialog(parent)
    , m_expected(question.name)
    , m_name(new QLineEdit(this))
    , m_action(new QPushButton(question.action, this))
{
    setObjectName(question.objectName);
    setWindowTitle(question.title);
    auto *layout = new QVBoxLayout(this);
    if (question.colour.isValid()) {
        auto *strip = new EnvironmentStrip(this);
        strip->setColour(question.colour);
        layout->addWidget(strip);
    }
    auto *what = new QLabel(question.what, this);
    what->setObjectName(QStringLiteral("typedNameWhat"));
    what->setWordWrap(true);
    what->setTextFormat(Qt::PlainText);
    layout->addWidget(what);
    auto *prompt = new QLabel(
        tr("To confirm, type <b>%1</b> below:").arg(question.name.toHtmlEscaped()), this);
    prompt->setTextFormat(Qt::RichText);
    prompt->setWordWrap(true);
    layout->addWidget(prompt);
    m_name->setObjectName(QStringLiteral("typedName"));
    m_name->setAccessibleName(tr("The database's name"));
    m_name->setPlaceholderText(question.name);
    layout->addWidget(m_name);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_action->setObjectName(QStringLiteral("typedNameAction"));
    buttons->addButton(m_action, QDialogButtonBox::AcceptRole);
    m_action->setEnabled(false);
    m_action->setDefault(true);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &TypedNameDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &TypedNameDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, [this] { m_action->setEnabled(matches()); });
    setMinimumWidth(420);
}

QString TypedNameDialog::productionTitle(const QString &name)
{
    return tr("Production: %1").arg(name);
}

bool TypedNameDialog::matches() const
{
    return !m_expected.isEmpty() && m_name->text() == m_expected;
}

void TypedNameDialog::accept()
{
    // Enter in the field reaches here too: only the exact name goes ahead.
    if (matches())
        QDialog::accept();
}

bool confirmTypedName(QWidget *parent, const TypedNameQuestion &question)
{
    TypedNameDialog dialog(question, parent);
    return dialog.exec() == QDialog::Accepted;
}

} // namespace kvs::ui
