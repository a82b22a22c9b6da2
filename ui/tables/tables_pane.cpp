#include "tables/tables_pane.h"

#include "tables/cell_grid.h"
#include "tables/row_window_bar.h"
#include "tables/table_rows_model.h"
#include "tables/tables_controller.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace kvs::ui {

TablesPane::TablesPane(QWidget *parent)
    : QWidget(parent)
    , m_controller(new TablesController(this))
    , m_tables(new QComboBox(this))
    , m_status(new QLabel(this))
    , m_view(new QTableView(this))
    , m_rowBar(new RowWindowBar(m_view, m_controller->rows(), this))
{
    m_tables->setObjectName(QStringLiteral("tableChoice"));
    m_tables->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *refresh = new QPushButton(tr("Refresh"), this);
    m_status->setObjectName(QStringLiteral("tablesStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *readOnly = new QLabel(tr("Read-only: the tables as stored"), this);
    readOnly->setEnabled(false);

    m_view->setObjectName(QStringLiteral("tableRows"));
    m_view->setModel(m_controller->rows());
    setUpCellGrid(*m_view, 180);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Table:"), this));
    bar->addWidget(m_tables);
    bar->addWidget(refresh);
    bar->addWidget(m_status, 1);
    bar->addWidget(readOnly);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->addLayout(bar);
    auto *rows = new QHBoxLayout;
    rows->setSpacing(0);
    rows->addWidget(m_view, 1);
    rows->addWidget(m_rowBar);
    layout->addLayout(rows, 1);

    connect(refresh, &QPushButton::clicked, m_controller, &TablesController::refresh);
    connect(m_controller, &TablesController::tablesChanged, this, &TablesPane::onTablesChanged);
    connect(m_tables, &QComboBox::activated, m_controller, &TablesController::showTable);
    connect(
        m_controller, &TablesController::tableShown, this, [this](qint64 rows, qint64 firstPageMs) {
            const QSignalBlocker block(m_tables);
            for (int i = 0; i < m_controller->tables().size(); ++i) {
                if (m_controller->currentTable()
                    && m_controller->tables().at(i).name == m_controller->currentTable()->name)
                    m_tables->setCurrentIndex(i);
            }
            m_status->setText(tr("%1 row(s) · first page in %2 ms")
                                  .arg(QLocale().toString(rows))
                                  .arg(firstPageMs));
        });
    connect(m_controller, &TablesController::failed, this, [this](const QString &message) {
        m_status->setText(tr("Cannot read the tables: %1").arg(message));
    });
}

TablesPane::~TablesPane() = default;

void TablesPane::setTarget(const rawsql::RawSqlTarget &target)
{
    m_target = target;
    m_targetPending = true;
    if (isVisible()) {
        m_targetPending = false;
        m_controller->setTarget(target);
    }
}

QScrollBar *TablesPane::rowScrollBar() const
{
    return m_rowBar;
}

QString TablesPane::statusText() const
{
    return m_status->text();
}

void TablesPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_targetPending) {
        m_targetPending = false;
        m_status->setText(tr("Reading…"));
        m_controller->setTarget(m_target);
    }
}

void TablesPane::onTablesChanged()
{
    const QSignalBlocker block(m_tables);
    m_tables->clear();
    for (const rawsql::KvsTable &table : m_controller->tables()) {
        m_tables->addItem(table.label == table.name ? table.name
                                                    : tr("%1 (%2)").arg(table.label, table.name));
    }
    if (m_controller->tables().isEmpty())
        m_status->setText(tr("No kvs tables in this database"));
}

} // namespace kvs::ui
