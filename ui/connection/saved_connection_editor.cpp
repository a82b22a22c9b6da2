#include "connection/saved_connection_editor.h"

#include "connection/saved_connection_look.h"

#include <QColorDialog>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace kvs::ui {

SavedConnectionEditor::SavedConnectionEditor(const SavedConnection &connection,
                                             const QString &where,
                                             const QStringList &takenNames,
                                             QWidget *parent)
    : QDialog(parent)
    , m_connection(connection)
    , m_taken(takenNames)
    , m_name(new QLineEdit(connection.name, this))
    , m_environment(new QComboBox(this))
    , m_colour(new QPushButton(this))
    , m_resetColour(new QPushButton(tr("Environment's colour"), this))
    , m_tags(new QLineEdit(connection.tags.join(QStringLiteral(", ")), this))
    , m_problem(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("savedConnectionEditor"));
    setWindowTitle(tr("Saved Connection"));
    m_name->setObjectName(QStringLiteral("savedNameEdit"));
    m_environment->setObjectName(QStringLiteral("environmentBox"));
    for (const ConnectionEnvironment environment : {ConnectionEnvironment::Development,
                                                    ConnectionEnvironment::Staging,
                                                    ConnectionEnvironment::Production}) {
        m_environment->addItem(environmentLabel(environment), static_cast<int>(environment));
    }
    m_environment->setCurrentIndex(static_cast<int>(connection.environment));
    m_colour->setObjectName(QStringLiteral("colourButton"));
    m_colour->setAutoDefault(false);
    m_resetColour->setAutoDefault(false);
    m_tags->setObjectName(QStringLiteral("tagsEdit"));
    m_tags->setPlaceholderText(tr("e.g. billing, eu"));
    auto *whereLabel = new QLabel(where, this);
    whereLabel->setWordWrap(true);
    whereLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->setObjectName(QStringLiteral("savedConnectionProblem"));

    auto *colourRow = new QHBoxLayout;
    colourRow->addWidget(m_colour);
    colourRow->addWidget(m_resetColour);
    colourRow->addStretch(1);
    auto *form = new QFormLayout(this);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("Connection:"), whereLabel);
    form->addRow(tr("&Environment:"), m_environment);
    form->addRow(tr("&Colour:"), colourRow);
    form->addRow(tr("&Tags:"), m_tags);
    form->addRow(m_problem);
    form->addRow(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, &SavedConnectionEditor::updateState);
    connect(
        m_environment, &QComboBox::currentIndexChanged, this, &SavedConnectionEditor::updateState);
    connect(m_colour, &QPushButton::clicked, this, &SavedConnectionEditor::chooseColour);
    connect(m_resetColour, &QPushButton::clicked, this, [this] { setColour({}); });
    updateState();
    setMinimumWidth(440);
}

SavedConnection SavedConnectionEditor::connection() const
{
    SavedConnection edited = m_connection;
    edited.name = m_name->text().trimmed();
    edited.environment = static_cast<ConnectionEnvironment>(m_environment->currentData().toInt());
    edited.tags.clear();
    for (const QString &tag : m_tags->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!tag.trimmed().isEmpty())
            edited.tags.append(tag.trimmed());
    }
    return edited;
}

void SavedConnectionEditor::setColour(const QString &colour)
{
    m_connection.colour = colour;
    updateState();
}

void SavedConnectionEditor::chooseColour()
{
    const QColor chosen
        = QColorDialog::getColor(colourOf(connection()), this, tr("Colour of the Connection"));
    if (chosen.isValid())
        setColour(chosen.name());
}

void SavedConnectionEditor::updateState()
{
    const SavedConnection edited = connection();
    const QColor colour = colourOf(edited);
    m_colour->setText(m_connection.colour.isEmpty()
                          ? tr("%1 (the environment's)").arg(colour.name())
                          : colour.name());
    QPixmap swatch(14, 14);
    swatch.fill(colour);
    m_colour->setIcon(QIcon(swatch));
    m_resetColour->setEnabled(!m_connection.colour.isEmpty());
    QString problem;
    if (edited.name.isEmpty())
        problem = tr("Give the connection a name.");
    else if (m_taken.contains(edited.name))
        problem = tr("Another saved connection is named \"%1\".").arg(edited.name);
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(problem.isEmpty());
}

} // namespace kvs::ui
