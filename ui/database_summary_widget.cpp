#include "database_summary_widget.h"

#include <kvs/types.h>

#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

QLabel *makeValueLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText); // Paths and core messages are never markup.
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}

} // namespace

DatabaseSummaryWidget::DatabaseSummaryWidget(QWidget *parent)
    : QWidget(parent)
{
    m_heading = makeValueLabel(QStringLiteral("heading"), this);
    QFont headingFont = m_heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.5);
    headingFont.setBold(true);
    m_heading->setFont(headingFont);

    m_pathValue = makeValueLabel(QStringLiteral("pathValue"), this);
    m_schemaValue = makeValueLabel(QStringLiteral("schemaValue"), this);
    m_entryCountValue = makeValueLabel(QStringLiteral("entryCountValue"), this);

    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_form->addRow(tr("Path:"), m_pathValue);
    m_form->addRow(tr("Schema version:"), m_schemaValue);
    m_form->addRow(tr("Live entries:"), m_entryCountValue);

    m_errorPanel = new QWidget(this);
    m_errorPanel->setObjectName(QStringLiteral("errorPanel"));
    m_errorTitle = makeValueLabel(QStringLiteral("errorTitle"), m_errorPanel);
    QFont titleFont = m_errorTitle->font();
    titleFont.setBold(true);
    m_errorTitle->setFont(titleFont);
    m_errorText = makeValueLabel(QStringLiteral("errorText"), m_errorPanel);
    auto *detailCaption = new QLabel(tr("Details:"), m_errorPanel);
    m_errorDetail = makeValueLabel(QStringLiteral("errorDetail"), m_errorPanel);
    m_errorDetail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *errorLayout = new QVBoxLayout(m_errorPanel);
    errorLayout->setContentsMargins(0, 0, 0, 0);
    errorLayout->addWidget(m_errorTitle);
    errorLayout->addWidget(m_errorText);
    errorLayout->addSpacing(6);
    errorLayout->addWidget(detailCaption);
    errorLayout->addWidget(m_errorDetail);
    m_errorPanel->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 24, 24, 24);
    layout->addWidget(m_heading);
    layout->addSpacing(12);
    layout->addLayout(m_form);
    layout->addSpacing(12);
    layout->addWidget(m_errorPanel);
    layout->addStretch(1);

    m_heading->setText(tr("No database open"));
}

void DatabaseSummaryWidget::showLoading(const QString &path)
{
    showPath(path);
    setSummaryRowsVisible(true);
    m_schemaValue->setText(tr("Loading…"));
    m_entryCountValue->setText(tr("Loading…"));
    m_errorPanel->hide();
}

void DatabaseSummaryWidget::showSummary(const DatabaseSummary &summary)
{
    showPath(summary.path);
    setSummaryRowsVisible(true);
    m_schemaValue->setText(QString::number(summary.schemaVersion));
    m_entryCountValue->setText(QLocale().toString(summary.entryCount));
    m_errorPanel->hide();
}

void DatabaseSummaryWidget::showError(const DatabaseLoadError &error)
{
    using Kind = DatabaseLoadError::Kind;
    showPath(error.path);
    setSummaryRowsVisible(false);
    switch (error.kind) {
    case Kind::NotKvsDatabase:
        m_errorTitle->setText(tr("Not a kvs database"));
        m_errorText->setText(
            error.tables.isEmpty()
                ? tr("This SQLite file has no kvs tables; it has no tables at all.")
                : tr("This SQLite file has no kvs tables. Tables found: %1.").arg(error.tables));
        break;
    case Kind::ForeignTable:
        m_errorTitle->setText(tr("Not a kvs database"));
        m_errorText->setText(tr("The table %1 exists but is not a kvs table. Nothing was changed.")
                                 .arg(error.tables));
        break;
    case Kind::SchemaTooNew:
        m_errorTitle->setText(tr("Database written by a newer kvs"));
        m_errorText->setText(tr("Its schema is version %1, newer than this release supports (%2). "
                                "Nothing was changed. Upgrade KVS Admin to open it.")
                                 .arg(error.schemaVersion)
                                 .arg(kSchemaVersion));
        break;
    case Kind::Database:
        m_errorTitle->setText(tr("Cannot open the database"));
        m_errorText->setText(tr("SQLite could not read this file. It may be missing, locked or "
                                "damaged, or it may not be an SQLite database."));
        break;
    case Kind::Other:
        m_errorTitle->setText(tr("Cannot open the database"));
        m_errorText->setText(tr("The database could not be read."));
        break;
    }
    m_errorDetail->setText(error.detail.isEmpty()
                               ? error.message
                               : QStringLiteral("%1\n%2").arg(error.message, error.detail));
    m_errorPanel->show();
}

void DatabaseSummaryWidget::showPath(const QString &path)
{
    m_heading->setText(QFileInfo(path).fileName());
    m_pathValue->setText(QDir::toNativeSeparators(path));
}

void DatabaseSummaryWidget::setSummaryRowsVisible(bool visible)
{
    m_form->setRowVisible(m_schemaValue, visible);
    m_form->setRowVisible(m_entryCountValue, visible);
}

} // namespace kvs::ui
