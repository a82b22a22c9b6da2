#include "analysis/saved_reports_panel.h"

#include "analysis/analysis_controller.h"
#include "analysis/analysis_texts.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace kvs::ui {

namespace {

// stretched: the column that takes the width left (a key).
QTableWidget *
newTable(QWidget *parent, const QString &name, const QStringList &headers, int stretched)
{
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setObjectName(name);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(stretched, QHeaderView::Stretch);
    return table;
}

QTableWidgetItem *item(const QString &text, bool number = false)
{
    auto *made = new QTableWidgetItem(text);
    if (number)
        made->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return made;
}

QString signedBytes(std::int64_t change)
{
    const QString size = analysisBytesText(std::llabs(change));
    return change > 0 ? QStringLiteral("+") + size : change < 0 ? QStringLiteral("−") + size : size;
}

QString signedCount(std::int64_t change)
{
    const QString count = QLocale().toString(qint64(std::llabs(change)));
    return change > 0   ? QStringLiteral("+") + count
           : change < 0 ? QStringLiteral("−") + count
                        : count;
}

} // namespace

SavedReportsPanel::SavedReportsPanel(AnalysisController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_summary(new QLabel(this))
{
    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_reports = newTable(splitter,
                         QStringLiteral("savedReports"),
                         {tr("Report"), tr("Saved"), tr("Prefix"), tr("Entries"), tr("Bytes")},
                         2);
    m_reports->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_reports->setToolTip(tr("Select two reports to compare them; double-click one to show it."));
    auto *lower = new QWidget(splitter);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setWordWrap(true);
    m_summary->setText(tr("Select two saved reports to compare them."));
    m_changes = newTable(lower,
                         QStringLiteral("reportChanges"),
                         {tr("Prefix"),
                          tr("Change"),
                          tr("Bytes before"),
                          tr("Bytes after"),
                          tr("Entries before"),
                          tr("Entries after"),
                          tr("Entries change")},
                         0);
    lowerLayout->addWidget(m_summary);
    lowerLayout->addWidget(m_changes, 1);
    splitter->addWidget(m_reports);
    splitter->addWidget(lower);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_controller, &AnalysisController::savedListed, this, &SavedReportsPanel::onListed);
    connect(m_controller, &AnalysisController::compared, this, &SavedReportsPanel::onCompared);
    connect(m_reports, &QTableWidget::itemSelectionChanged, this, &SavedReportsPanel::onSelection);
    connect(m_reports, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        const std::size_t index = std::size_t(m_reports->item(row, 0)->data(Qt::UserRole).toInt());
        if (index < m_saved.size())
            emit reportChosen(m_saved[index].report);
    });
    connect(m_changes, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        emit treeRequested(m_changes->item(row, 0)->data(Qt::UserRole).toString());
    });
}

void SavedReportsPanel::onListed(const std::vector<SavedKeySpaceReport> &reports,
                                 const QString &error)
{
    std::set<std::int64_t> selected;
    for (const QModelIndex &index : m_reports->selectionModel()->selectedRows())
        selected.insert(m_saved[std::size_t(index.data(Qt::UserRole).toInt())].id);
    m_saved = reports;
    const QSignalBlocker block(m_reports);
    m_reports->clearSelection();
    m_reports->setRowCount(int(m_saved.size()));
    const QLocale locale;
    // Newest first.
    for (int row = 0; row < int(m_saved.size()); ++row) {
        const std::size_t index = m_saved.size() - 1 - std::size_t(row);
        const SavedKeySpaceReport &saved = m_saved[index];
        const QJsonObject totals = saved.report.value(QStringLiteral("totals")).toObject();
        QTableWidgetItem *id = item(QString::number(saved.id), true);
        id->setData(Qt::UserRole, int(index));
        m_reports->setItem(row, 0, id);
        m_reports->setItem(row,
                           1,
                           item(locale.toString(QDateTime::fromMSecsSinceEpoch(saved.savedAt),
                                                QLocale::ShortFormat)));
        const QString prefix = saved.report.value(QStringLiteral("prefix")).toString();
        m_reports->setItem(row, 2, item(prefix == QStringLiteral("[]") ? tr("All keys") : prefix));
        m_reports->setItem(
            row,
            3,
            item(locale.toString(qint64(totals.value(QStringLiteral("entries")).toDouble())),
                 true));
        m_reports->setItem(
            row,
            4,
            item(analysisBytesText(qint64(totals.value(QStringLiteral("bytes")).toDouble())),
                 true));
        if (selected.count(saved.id) != 0)
            m_reports->selectRow(row);
    }
    if (!error.isEmpty())
        m_summary->setText(tr("The saved reports cannot be read: %1").arg(error));
}

void SavedReportsPanel::selectReports(const std::vector<std::int64_t> &ids)
{
    {
        const QSignalBlocker block(m_reports);
        m_reports->clearSelection();
        m_reports->setSelectionMode(QAbstractItemView::MultiSelection);
        for (int row = 0; row < m_reports->rowCount(); ++row) {
            const std::size_t index
                = std::size_t(m_reports->item(row, 0)->data(Qt::UserRole).toInt());
            if (std::find(ids.begin(), ids.end(), m_saved[index].id) != ids.end())
                m_reports->selectRow(row);
        }
        m_reports->setSelectionMode(QAbstractItemView::ExtendedSelection);
    }
    onSelection();
}

std::optional<std::int64_t> SavedReportsPanel::lastRowsRead(const QString &prefixLiteral) const
{
    for (auto saved = m_saved.rbegin(); saved != m_saved.rend(); ++saved) {
        if (saved->report.value(QStringLiteral("prefix")).toString() == prefixLiteral)
            return std::int64_t(saved->report.value(QStringLiteral("rowsRead")).toDouble());
    }
    return std::nullopt;
}

void SavedReportsPanel::onSelection()
{
    std::vector<std::size_t> chosen;
    for (const QModelIndex &index : m_reports->selectionModel()->selectedRows())
        chosen.push_back(std::size_t(index.data(Qt::UserRole).toInt()));
    if (chosen.size() != 2) {
        m_comparing = {0, 0};
        m_changes->setRowCount(0);
        m_summary->setText(tr("Select two saved reports to compare them."));
        return;
    }
    std::sort(chosen.begin(), chosen.end()); // the earlier saved first
    const SavedKeySpaceReport &before = m_saved[chosen[0]];
    const SavedKeySpaceReport &after = m_saved[chosen[1]];
    m_comparing = {before.id, after.id};
    m_summary->setText(tr("Comparing report %1 with report %2…").arg(before.id).arg(after.id));
    m_controller->compare(before.report, after.report);
}

void SavedReportsPanel::onCompared(const std::vector<KeySpaceChange> &changes, const QString &error)
{
    if (m_comparing.first == 0)
        return; // the selection changed meanwhile
    if (!error.isEmpty()) {
        m_changes->setRowCount(0);
        m_summary->setText(tr("These reports cannot be compared: %1").arg(error));
        return;
    }
    const QLocale locale;
    int appeared = 0;
    int vanished = 0;
    m_changes->setRowCount(int(changes.size()));
    for (int row = 0; row < int(changes.size()); ++row) {
        const KeySpaceChange &change = changes[std::size_t(row)];
        const std::int64_t bytes = change.after.bytes() - change.before.bytes();
        QString what;
        if (change.appeared) {
            what = tr("appeared");
            ++appeared;
        } else if (change.vanished) {
            what = tr("vanished");
            ++vanished;
        } else {
            what = signedBytes(bytes);
        }
        const QString key = QString::fromStdString(change.key);
        QTableWidgetItem *keyItem = item(key == QStringLiteral("[]") ? tr("All keys") : key);
        keyItem->setData(Qt::UserRole, key);
        m_changes->setItem(row, 0, keyItem);
        m_changes->setItem(row, 1, item(what, true));
        m_changes->setItem(
            row,
            2,
            item(change.appeared ? QString() : analysisBytesText(change.before.bytes()), true));
        m_changes->setItem(
            row,
            3,
            item(change.vanished ? QString() : analysisBytesText(change.after.bytes()), true));
        m_changes->setItem(
            row,
            4,
            item(change.appeared ? QString() : locale.toString(qint64(change.before.entries)),
                 true));
        m_changes->setItem(
            row,
            5,
            item(change.vanished ? QString() : locale.toString(qint64(change.after.entries)),
                 true));
        m_changes->setItem(
            row, 6, item(signedCount(change.after.entries - change.before.entries), true));
    }
    if (changes.empty()) {
        m_summary->setText(tr("Nothing changed between report %1 and report %2.")
                               .arg(m_comparing.first)
                               .arg(m_comparing.second));
        return;
    }
    m_summary->setText(tr("Report %1 → report %2: %3, largest change first; %4, %5.")
                           .arg(QString::number(m_comparing.first),
                                QString::number(m_comparing.second),
                                tr("%Ln prefix(es) changed", nullptr, int(changes.size())),
                                tr("%Ln appeared", nullptr, appeared),
                                tr("%Ln vanished", nullptr, vanished)));
}

} // namespace kvs::ui
