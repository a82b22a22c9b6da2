#include "session/recently_deleted_dialog.h"

#include "common/audited_job.h"

#include <kvs/future.h>
#include <kvs/key.h>
#include <kvs/literal.h>

#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace kvs::ui {

namespace {

constexpr int kListedKeys = 20; // of the keys written since, at most this many are named

// The item's description as stored (kvs/recycle_bin.h, English), in the user's language.
QString whatText(const std::string &what)
{
    const QString text = QString::fromStdString(what);
    if (text.startsWith(QStringLiteral("subtree ")))
        return RecentlyDeletedDialog::tr("Subtree %1").arg(text.mid(8));
    if (text == QStringLiteral("search results"))
        return RecentlyDeletedDialog::tr("Search results");
    if (text.startsWith(QStringLiteral("import ")))
        return RecentlyDeletedDialog::tr("Replaced by import of %1").arg(text.mid(7));
    return text;
}

// The item's state: "" until a restore of it completed, then when and what it did.
QString stateText(const RecycledItem &item, const QLocale &locale)
{
    if (item.restoredAt <= 0)
        return {};
    return RecentlyDeletedDialog::tr(
               "Restored %1: %Ln put back, %2 skipped", nullptr, int(item.restoredCount))
        .arg(locale.toString(QDateTime::fromMSecsSinceEpoch(item.restoredAt), QLocale::ShortFormat),
             locale.toString(item.restoredSkipped));
}

QString keyText(const std::string &encoded)
{
    try {
        return QString::fromStdString(printKeyLiteral(decodeKey(encoded)));
    } catch (const std::exception &) {
        return QString::fromLatin1(QByteArray::fromStdString(encoded).toHex());
    }
}

} // namespace

RecentlyDeletedDialog::RecentlyDeletedDialog(std::shared_ptr<AsyncKVStore> store,
                                             std::shared_ptr<RecycleBin> bin,
                                             QWidget *parent)
    : QDialog(parent)
    , m_store(std::move(store))
    , m_bin(std::move(bin))
    , m_table(new QTableWidget(0, 5, this))
    , m_restore(new QPushButton(tr("&Restore"), this))
    , m_result(new QLabel(this))
{
    setObjectName(QStringLiteral("recentlyDeleted"));
    setWindowTitle(tr("Recently Deleted"));
    auto *text = new QLabel(tr("What a subtree delete or a bulk delete of search results removed, "
                               "and what an import replaced, is kept here first, in a file of "
                               "the data folder only you can read. Restore writes it back; keys "
                               "written since are left as they are. Restoring an import takes "
                               "back what it wrote: the keys it created are deleted again."),
                            this);
    text->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("recentlyDeletedItems"));
    m_table->setHorizontalHeaderLabels(
        {tr("What"), tr("When"), tr("Entries"), tr("Database"), tr("State")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_result->setObjectName(QStringLiteral("recentlyDeletedResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_restore->setObjectName(QStringLiteral("restoreRecycled"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_restore, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_restore, &QPushButton::clicked, this, &RecentlyDeletedDialog::restoreSelected);
    connect(
        m_table, &QTableWidget::itemSelectionChanged, this, &RecentlyDeletedDialog::updateButton);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_result);
    layout->addWidget(buttons);
    resize(900, 380); // the State of a restored item fits beside a short path
    reload();
}

QString RecentlyDeletedDialog::resultText() const
{
    return m_result->text();
}

void RecentlyDeletedDialog::reload()
{
    // The row chosen stays chosen (after a restore, it shows what the restore did).
    const int current = m_table->currentRow();
    const std::string chosen
        = current >= 0 && current < int(m_items.size()) ? m_items[std::size_t(current)].path : "";
    // A listing reads one small file per item: the folder holds few (the bounds see to it).
    m_items = m_bin ? m_bin->list() : std::vector<RecycledItem>();
    m_table->setRowCount(int(m_items.size()));
    const QLocale locale;
    for (int row = 0; row < int(m_items.size()); ++row) {
        const RecycledItem &item = m_items[std::size_t(row)];
        m_table->setItem(row, 0, new QTableWidgetItem(whatText(item.what)));
        m_table->setItem(row,
                         1,
                         new QTableWidgetItem(locale.toString(
                             QDateTime::fromMSecsSinceEpoch(item.time), QLocale::ShortFormat)));
        auto *count = new QTableWidgetItem(locale.toString(item.count));
        count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, 2, count);
        m_table->setItem(row, 3, new QTableWidgetItem(QString::fromStdString(item.database)));
        auto *state = new QTableWidgetItem(stateText(item, locale));
        state->setToolTip(state->text()); // whole, where the column is cut
        m_table->setItem(row, 4, state);
    }
    m_table->resizeColumnsToContents();
    const auto again = std::find_if(m_items.begin(), m_items.end(), [&](const RecycledItem &item) {
        return item.path == chosen;
    });
    if (again != m_items.end())
        m_table->selectRow(int(again - m_items.begin()));
    else if (!m_items.empty())
        m_table->selectRow(0);
    updateButton();
}

void RecentlyDeletedDialog::updateButton()
{
    const int row = m_table->currentRow();
    const bool writable = m_store && !m_store->isReadOnly() && m_bin;
    const bool listed = row >= 0 && row < int(m_items.size());
    const bool ours = listed && m_bin && m_items[std::size_t(row)].database == m_bin->database();
    // A second restore would find every key the first put back written since, and skip it.
    const bool restored = listed && m_items[std::size_t(row)].restoredAt > 0;
    m_restore->setEnabled(writable && ours && !restored && !m_restoring);
    m_restore->setToolTip(!writable  ? tr("Allow writes in this tab to restore.")
                          : !ours    ? tr("This was deleted from another database; open it to "
                                          "restore.")
                          : restored ? tr("This was restored already: what it holds is back, "
                                          "or was written since.")
                                     : QString());
}

void RecentlyDeletedDialog::restoreSelected()
{
    const int row = m_table->currentRow();
    if (m_restoring || row < 0 || row >= int(m_items.size()) || !m_store || !m_bin)
        return;
    const RecycledItem item = m_items[std::size_t(row)];
    // A restore writes to the database: audited, and asked when the log cannot be written.
    const QString problem = auditLogProblem();
    if (!problem.isEmpty()) {
        QMessageBox box(
            QMessageBox::Warning,
            tr("Restore"),
            questionWithAudit(tr("Restore %1?").arg(QString::fromStdString(item.what)), problem),
            QMessageBox::Cancel,
            this);
        box.setObjectName(QStringLiteral("confirmRestoreWithoutAudit"));
        QPushButton *go = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        box.setDefaultButton(QMessageBox::Cancel);
        box.exec();
        if (box.clickedButton() != static_cast<QAbstractButton *>(go))
            return;
    }
    m_restoring = true;
    updateButton();
    m_result->setText(tr("Restoring…"));
    QFuture<Audited<RecycleRestore>> job = runAudited<RecycleRestore>(
        {"restore-deleted", item.database, {}, item.what},
        item.count,
        policyAfter(problem),
        [store = m_store, bin = m_bin, item](AuditedAction &audit) {
            const RecycleRestore result = bin->restore(*store, item);
            (void)audit.end(result.cancelled ? AuditOutcome::Cancelled : AuditOutcome::Done,
                            item.count,
                            result.restored + result.removed,
                            result.skipped > 0
                                ? "skipped " + std::to_string(result.skipped) + " written since"
                                : std::string());
            return result;
        });
    kvs::then(job, this, [this](const Audited<RecycleRestore> &outcome) {
        m_restoring = false;
        updateButton();
        if (!outcome.error.isEmpty()) {
            m_result->setText(tr("Not restored: %1").arg(outcome.error));
            emit restored(false);
            return;
        }
        const RecycleRestore &result = outcome.value;
        QString text = tr("Restored %Ln entry(s).", nullptr, int(result.restored));
        if (result.removed > 0) {
            text += QLatin1Char(' ')
                    + tr("%Ln key(s) created by the import deleted.", nullptr, int(result.removed));
        }
        if (result.skipped > 0) {
            text += QLatin1Char(' ')
                    + tr("%Ln skipped: written since (or expired since).",
                         nullptr,
                         int(result.skipped));
        }
        if (!result.skippedKeys.empty()) {
            QStringList keys;
            for (std::size_t i = 0; i < result.skippedKeys.size() && i < kListedKeys; ++i)
                keys << keyText(result.skippedKeys[i]);
            if (result.skippedKeys.size() > std::size_t(kListedKeys))
                keys << tr("and %Ln more", nullptr, int(result.skippedKeys.size() - kListedKeys));
            text += QLatin1Char(' ') + tr("Written since: %1").arg(keys.join(QStringLiteral(", ")));
        }
        m_result->setText(text);
        reload(); // the item now says it was restored, and offers no second restore
        emit restored(true);
    });
}

} // namespace kvs::ui
