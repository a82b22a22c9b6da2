#include "analysis/analysis_tables.h"

#include "analysis/analysis_texts.h"
#include "analysis/treemap_tiles.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

// A figure, right-aligned.
QTableWidgetItem *numberItem(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidgetItem *countItem(double n)
{
    return numberItem(QLocale().toString(qint64(n)));
}

QTableWidgetItem *bytesItem(double n)
{
    return numberItem(analysisBytesText(qint64(n)));
}

QTableWidgetItem *shareItem(double share)
{
    return numberItem(QLocale().toString(share * 100, 'f', 1) + QLatin1Char('%'));
}

QTableWidgetItem *textItem(const QString &text)
{
    return new QTableWidgetItem(text);
}

void setRow(QTableWidget *table, int row, const QList<QTableWidgetItem *> &items)
{
    for (int column = 0; column < items.size(); ++column)
        table->setItem(row, column, items.at(column));
}

} // namespace

AnalysisTables::AnalysisTables(QWidget *parent)
    : QWidget(parent)
    , m_totals(new QLabel(this))
    , m_tabs(new QTabWidget(this))
{
    m_totals->setObjectName(QStringLiteral("analysisTotals"));
    m_totals->setWordWrap(true);
    m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_children = table(QStringLiteral("childrenTable"),
                       {tr("Key"), tr("Entries"), tr("Bytes"), tr("Share")});
    m_largest = table(QStringLiteral("largestTable"),
                      {tr("Key"), tr("Bytes"), tr("Value bytes"), tr("Kind")});
    m_kinds = table(QStringLiteral("kindsTable"), {tr("Kind"), tr("Entries"), tr("Bytes")});
    m_expiry = table(QStringLiteral("expiryTable"), {tr("Expiry"), tr("Entries"), tr("Bytes")});
    m_tabs->addTab(m_children, tr("Children"));
    m_tabs->addTab(m_largest, tr("Largest entries"));
    m_tabs->addTab(m_kinds, tr("Kinds"));
    m_tabs->addTab(m_expiry, tr("Expiry"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_totals);
    layout->addWidget(m_tabs, 1);
    for (QTableWidget *keyed : {m_children, m_largest}) {
        connect(keyed, &QTableWidget::cellDoubleClicked, this, [this, keyed](int row, int) {
            const QTableWidgetItem *item = keyed->item(row, 0);
            const QString key = item ? item->data(Qt::UserRole).toString() : QString();
            if (!key.isEmpty())
                emit treeRequested(key);
        });
    }
}

QTableWidget *AnalysisTables::table(const QString &name, const QStringList &headers)
{
    auto *table = new QTableWidget(0, int(headers.size()), m_tabs);
    table->setObjectName(name);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int column = 1; column < headers.size(); ++column)
        table->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    return table;
}

void AnalysisTables::setReport(const QJsonObject &report)
{
    const QJsonObject totals = report.value(QStringLiteral("totals")).toObject();
    const QLocale locale;
    QString line
        = tr("%1 entries, %2 (keys %3, values %4); %5 rows read in %6 s.")
              .arg(locale.toString(qint64(totals.value(QStringLiteral("entries")).toDouble())),
                   analysisBytesText(qint64(totals.value(QStringLiteral("bytes")).toDouble())),
                   analysisBytesText(qint64(totals.value(QStringLiteral("keyBytes")).toDouble())),
                   analysisBytesText(qint64(totals.value(QStringLiteral("valueBytes")).toDouble())),
                   locale.toString(qint64(report.value(QStringLiteral("rowsRead")).toDouble())),
                   locale.toString(
                       report.value(QStringLiteral("elapsedMs")).toDouble() / 1000, 'f', 1));
    if (report.value(QStringLiteral("partial")).toBool())
        line += QLatin1Char(' ')
                + tr("Partial: these figures cover the rows read before it stopped.");
    m_totals->setText(report.isEmpty() ? QString() : line);

    const QJsonArray largest = report.value(QStringLiteral("largest")).toArray();
    m_largest->setRowCount(int(largest.size()));
    for (int row = 0; row < largest.size(); ++row) {
        const QJsonObject entry = largest.at(row).toObject();
        const QString key = entry.value(QStringLiteral("key")).toString();
        QTableWidgetItem *keyItem = textItem(key);
        keyItem->setData(Qt::UserRole, key);
        setRow(m_largest,
               row,
               {keyItem,
                bytesItem(entry.value(QStringLiteral("keyBytes")).toDouble()
                          + entry.value(QStringLiteral("valueBytes")).toDouble()),
                bytesItem(entry.value(QStringLiteral("valueBytes")).toDouble()),
                textItem(entry.value(QStringLiteral("kind")).toString())});
    }

    const auto figureRows =
        [](QTableWidget *table, const QJsonArray &rows, const QString &nameKey) {
            table->setRowCount(int(rows.size()));
            for (int row = 0; row < rows.size(); ++row) {
                const QJsonObject object = rows.at(row).toObject();
                const QString name = object.value(nameKey).toString();
                setRow(table,
                       row,
                       {textItem(nameKey == QStringLiteral("group") ? expiryGroupText(name) : name),
                        countItem(object.value(QStringLiteral("entries")).toDouble()),
                        bytesItem(object.value(QStringLiteral("bytes")).toDouble())});
            }
        };
    figureRows(m_kinds, report.value(QStringLiteral("kinds")).toArray(), QStringLiteral("kind"));
    figureRows(m_expiry, report.value(QStringLiteral("expiry")).toArray(), QStringLiteral("group"));
    setNode(report.value(QStringLiteral("tree")).toObject());
}

void AnalysisTables::setNode(const QJsonObject &node)
{
    const std::vector<TreemapTile> tiles = treemapTilesOf(node);
    m_children->setRowCount(int(tiles.size()));
    for (int row = 0; row < int(tiles.size()); ++row) {
        const TreemapTile &tile = tiles[std::size_t(row)];
        QTableWidgetItem *keyItem
            = textItem(tile.kind == TreemapTile::Kind::Child ? tile.key : tile.label);
        if (tile.kind == TreemapTile::Kind::Child)
            keyItem->setData(Qt::UserRole, tile.key);
        setRow(m_children,
               row,
               {keyItem,
                countItem(double(tile.entries)),
                bytesItem(double(tile.bytes)),
                shareItem(tile.share)});
    }
}

} // namespace kvs::ui
