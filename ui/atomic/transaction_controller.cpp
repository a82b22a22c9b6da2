#include "atomic/transaction_controller.h"

#include "atomic/commit_history_model.h"
#include "atomic/transaction_model.h"
#include "common/audited_job.h"
#include "common/future_error.h"

#include <kvs/audit_log.h>
#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/literal.h>
#include <kvs/transaction_json.h>
#include <kvs/undo_step.h>

#include <QFile>
#include <QSaveFile>
#include <QtConcurrent>

namespace kvs::ui {

namespace {

std::vector<Key> checkedKeys(const TransactionSpec &spec)
{
    std::vector<Key> keys;
    for (const Check &check : spec.checks)
        keys.push_back(check.key);
    return keys;
}

} // namespace

TransactionController::TransactionController(QObject *parent)
    : QObject(parent)
    , m_model(new TransactionModel(this))
    , m_history(new CommitHistoryModel(this))
{
    qRegisterMetaType<FailedCheck>();
}

void TransactionController::setStore(std::shared_ptr<AsyncKVStore> store, bool writable)
{
    m_store = std::move(store);
    m_writable = writable;
    setBusy(false); // a result of the old store is dropped when it arrives
}

bool TransactionController::canCommit() const
{
    return m_writable && canDryRun();
}

bool TransactionController::canDryRun() const
{
    return m_store && !m_busy && !m_model->isEmpty() && m_model->firstProblem().isEmpty();
}

void TransactionController::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

void TransactionController::commit(AuditPolicy audit)
{
    if (!canCommit())
        return;
    const TransactionSpec spec = m_model->spec();
    const std::shared_ptr<AsyncKVStore> store = m_store;
    setBusy(true);
    const auto checks = std::int64_t(spec.checks.size());
    const auto mutations = std::int64_t(spec.mutations.size());
    // On a worker, between the commit's started and ended lines (as kvs atomic writes them);
    // the worker holds the store, a continuation here never does.
    auto job = runAudited<CommitResult>(
        atomicAuditRecord(spec, m_auditDatabase.toStdString()),
        mutations,
        audit,
        [store, spec, checks, mutations](AuditedAction &record) {
            // One step of the undo journal (when the tab keeps one): the whole commit.
            const CommitResult result
                = commitStepNow(*store, spec.checks, spec.mutations, "transaction").result;
            if (result.ok) {
                (void)record.end(AuditOutcome::Done, checks, mutations);
            } else {
                const std::size_t index = result.failedCheck.value_or(spec.checks.size());
                (void)record.end(AuditOutcome::Failed,
                                 checks,
                                 0,
                                 index < spec.checks.size() ? failedCheckAuditResult(index)
                                                            : "not committed");
            }
            return result;
        });
    kvs::then(job, this, [this, store, spec](QFuture<Audited<CommitResult>> done) {
        if (store != m_store)
            return;
        const Audited<CommitResult> outcome = done.result();
        if (!outcome.error.isEmpty()) {
            setBusy(false);
            recordCommit(spec, false, outcome.error);
            emit failed(outcome.error);
            return;
        }
        const CommitResult &result = outcome.value;
        if (result.ok) {
            setBusy(false);
            recordCommit(spec, true, tr("version %1").arg(result.version));
            announceWrites(spec);
            emit committed(result.version);
            return;
        }
        // Every ok: false of the core names its check; an index outside the
        // checks (never seen) must not throw out of this slot.
        const std::size_t index = result.failedCheck.value_or(spec.checks.size());
        if (index >= spec.checks.size()) {
            setBusy(false);
            recordCommit(spec, false, tr("not committed"));
            emit failed(tr("the commit answered ok: false without a failed check"));
            return;
        }
        recordCommit(spec,
                     false,
                     tr("check %1 failed: %2")
                         .arg(index + 1)
                         .arg(QString::fromStdString(printKeyLiteral(spec.checks.at(index).key))));
        reportFailedCheck(spec, index, false);
    });
}

void TransactionController::dryRun()
{
    if (!canDryRun())
        return;
    const TransactionSpec spec = m_model->spec();
    const std::shared_ptr<AsyncKVStore> store = m_store;
    setBusy(true);
    kvs::then(store->getMany(checkedKeys(spec)),
              this,
              [this, store, spec](QFuture<std::vector<std::optional<Entry>>> read) {
                  if (store != m_store)
                      return;
                  if (const QString error = errorOf(read); !error.isEmpty()) {
                      setBusy(false);
                      emit failed(error);
                      return;
                  }
                  const std::vector<std::optional<Entry>> entries = read.result();
                  for (std::size_t i = 0; i < spec.checks.size(); ++i) {
                      const std::optional<std::int64_t> found
                          = entries[i] ? std::optional<std::int64_t>(entries[i]->version)
                                       : std::nullopt;
                      if (found != spec.checks[i].version) {
                          setBusy(false);
                          emit checkFailed(FailedCheck{m_model->rowOfCheck(i),
                                                       spec.checks[i].key,
                                                       spec.checks[i].version,
                                                       entries[i],
                                                       true});
                          return;
                      }
                  }
                  setBusy(false);
                  emit dryRunPassed(int(spec.checks.size()));
              });
}

void TransactionController::reportFailedCheck(const TransactionSpec &spec,
                                              std::size_t index,
                                              bool dryRun)
{
    const std::shared_ptr<AsyncKVStore> store = m_store;
    const Check check = spec.checks.at(index);
    const int row = m_model->rowOfCheck(index);
    kvs::then(store->get(check.key),
              this,
              [this, store, check, row, dryRun](QFuture<std::optional<Entry>> read) {
                  if (store != m_store)
                      return;
                  setBusy(false);
                  std::optional<Entry> current;
                  if (errorOf(read).isEmpty())
                      current = read.result();
                  emit checkFailed(FailedCheck{row, check.key, check.version, current, dryRun});
              });
}

void TransactionController::refreshChecks(bool commitAfter, AuditPolicy audit)
{
    if (!m_store || m_busy || !m_model->firstProblem().isEmpty())
        return;
    const TransactionSpec spec = m_model->spec();
    const std::shared_ptr<AsyncKVStore> store = m_store;
    setBusy(true);
    kvs::then(
        store->getMany(checkedKeys(spec)),
        this,
        [this, store, spec, commitAfter, audit](QFuture<std::vector<std::optional<Entry>>> read) {
            if (store != m_store)
                return;
            setBusy(false);
            if (const QString error = errorOf(read); !error.isEmpty()) {
                emit failed(error);
                return;
            }
            const std::vector<std::optional<Entry>> entries = read.result();
            // The rows may have changed meanwhile: only the same checks are updated.
            for (std::size_t i = 0; i < spec.checks.size(); ++i) {
                const int row = m_model->rowOfCheck(i);
                if (row >= m_model->checkCount())
                    break;
                TransactionRow fields = m_model->rowAt(row);
                bool same = false;
                try {
                    same = parseKeyLiteral(fields.key.toStdString()) == spec.checks[i].key;
                } catch (const Error &) {
                }
                if (!same)
                    continue;
                fields.version
                    = entries[i] ? std::optional<qint64>(entries[i]->version) : std::nullopt;
                m_model->setRow(row, fields);
            }
            emit checksRefreshed();
            if (commitAfter)
                commit(audit);
        });
}

void TransactionController::addCheckFor(const Key &key)
{
    if (!m_store)
        return;
    const std::shared_ptr<AsyncKVStore> store = m_store;
    kvs::then(store->get(key), this, [this, store, key](QFuture<std::optional<Entry>> read) {
        if (store != m_store)
            return;
        if (const QString error = errorOf(read); !error.isEmpty()) {
            emit failed(error);
            return;
        }
        TransactionRow row;
        row.key = QString::fromStdString(printKeyLiteral(key));
        if (const std::optional<Entry> entry = read.result())
            row.version = entry->version;
        m_model->addRow(row);
    });
}

void TransactionController::recordCommit(const TransactionSpec &spec,
                                         bool ok,
                                         const QString &result)
{
    m_history->add({QDateTime::currentDateTime(),
                    int(spec.checks.size()),
                    int(spec.mutations.size()),
                    ok,
                    result});
}

void TransactionController::announceWrites(const TransactionSpec &spec)
{
    for (const Mutation &m : spec.mutations) {
        if (m.type == Mutation::Type::Set || m.type == Mutation::Type::Sum)
            emit keyWritten(encodeKey(m.key));
        else if (m.type == Mutation::Type::Delete)
            emit keyDeleted(encodeKey(m.key));
    }
}

void TransactionController::saveTo(const QString &path) const
{
    const std::string text = printTransactionJson(m_model->spec());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit())
        throw Error("kvs: cannot write " + path.toStdString() + ": "
                    + file.errorString().toStdString());
}

void TransactionController::loadFrom(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw Error("kvs: cannot read " + path.toStdString() + ": "
                    + file.errorString().toStdString());
    const QByteArray text = file.readAll();
    m_model->setSpec(parseTransactionJson(std::string_view(text.constData(), text.size())));
}

} // namespace kvs::ui
