#include "inspector/inspector_controller.h"

#include "common/ui_logging.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/literal.h>
#include <kvs/undo_step.h>
#include <kvs/value_codec.h>

#include <QFile>
#include <QFutureWatcher>
#include <QSaveFile>
#include <QtConcurrent>

namespace kvs::ui {

namespace {

// Adds delta to a bigint through its decimal digits (the core's BigInt has no arithmetic, and
// the magnitudes an inspector steps are small).
BigInt addToBigInt(const BigInt &value, std::int64_t delta)
{
    // |value| and |delta| as decimal strings, then schoolbook add or subtract.
    const auto add = [](const std::string &a, const std::string &b) {
        std::string out;
        int carry = 0;
        for (std::size_t i = 0; i < std::max(a.size(), b.size()) || carry; ++i) {
            int digit = carry;
            if (i < a.size())
                digit += a[a.size() - 1 - i] - '0';
            if (i < b.size())
                digit += b[b.size() - 1 - i] - '0';
            out.insert(out.begin(), char('0' + digit % 10));
            carry = digit / 10;
        }
        return out;
    };
    const auto less = [](const std::string &a, const std::string &b) {
        return a.size() != b.size() ? a.size() < b.size() : a < b;
    };
    const auto subtract = [](const std::string &a, const std::string &b) { // a >= b
        std::string out;
        int borrow = 0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            int digit = a[a.size() - 1 - i] - '0' - borrow;
            if (i < b.size())
                digit -= b[b.size() - 1 - i] - '0';
            borrow = digit < 0;
            out.insert(out.begin(), char('0' + (digit + 10) % 10));
        }
        const auto first = out.find_first_not_of('0');
        return first == std::string::npos ? std::string("0") : out.substr(first);
    };
    std::string a = value.toDecimal();
    const bool aNegative = !a.empty() && a[0] == '-';
    if (aNegative)
        a.erase(0, 1);
    const bool bNegative = delta < 0;
    const std::string b = bNegative ? std::to_string(delta).substr(1) : std::to_string(delta);
    std::string result;
    bool negative = false;
    if (aNegative == bNegative) {
        result = add(a, b);
        negative = aNegative;
    } else if (less(a, b)) {
        result = subtract(b, a);
        negative = bNegative;
    } else {
        result = subtract(a, b);
        negative = aNegative;
    }
    return *BigInt::fromDecimal((negative && result != "0" ? "-" : "") + result);
}

QString describeError(std::exception_ptr error)
{
    try {
        if (error)
            std::rethrow_exception(error);
    } catch (const Error &e) {
        return e.detail().empty()
                   ? QString::fromStdString(e.what())
                   : QStringLiteral("%1\n%2").arg(QString::fromStdString(e.what()),
                                                  QString::fromStdString(e.detail()));
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

// The watcher of a worker task, deleted once it reported.
template <typename T, typename Fn>
void onFinished(QObject *context, QFuture<T> future, Fn &&done)
{
    auto *watcher = new QFutureWatcher<T>(context);
    QObject::connect(watcher,
                     &QFutureWatcherBase::finished,
                     context,
                     [watcher, done = std::forward<Fn>(done)]() mutable {
                         watcher->deleteLater();
                         done(watcher->future());
                     });
    watcher->setFuture(future);
}

// The check that base is still what the user saw: its version, or "absent" when it was gone or
// has expired since (the store treats an expired row as absent, so a version check on it could
// never pass; and a new write in the meantime still fails the absent check).
Check checkFor(const InspectedEntry &base, std::int64_t nowMs)
{
    const bool gone = !base.found || base.expired || (base.expiresAt && *base.expiresAt <= nowMs);
    return Check{*base.key, gone ? std::nullopt : std::optional(base.version)};
}

// The name of the undo journal's step a write of operation is (kvs/undo_step.h).
const char *stepLabel(InspectorController::Operation operation)
{
    switch (operation) {
    case InspectorController::Operation::Expiry:
        return "expiry";
    case InspectorController::Operation::Increment:
        return "increment";
    case InspectorController::Operation::Create:
        return "new-key";
    case InspectorController::Operation::Delete:
        return "delete";
    default:
        return "edit";
    }
}

} // namespace

InspectorController::InspectorController(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

InspectorController::~InspectorController()
{
    ++m_generation;
    m_pool.waitForDone();
}

void InspectorController::setClock(std::shared_ptr<Clock> clock)
{
    m_clock = clock ? std::move(clock) : systemClock();
}

void InspectorController::setStore(std::shared_ptr<AsyncKVStore> store)
{
    ++m_generation;
    m_store = std::move(store);
}

bool InspectorController::requireStore(Operation operation)
{
    if (m_store)
        return true;
    emit failed(operation, tr("No database is open."), {});
    return false;
}

void InspectorController::fail(Operation operation,
                               const QString &message,
                               std::exception_ptr error)
{
    const QString detail = describeError(error);
    qCWarning(lcUi) << "inspector:" << operation << message << detail;
    emit failed(operation, message, detail);
}

void InspectorController::inspectThen(const std::string &encodedKey,
                                      Operation operation,
                                      std::function<void(InspectedEntry)> done)
{
    const InspectLimits limits = m_limits;
    std::function<void(const InspectedEntry &)> prepared = m_prepared;
    // What the worker hands back: the entry, or why the read failed (no exception crosses the
    // thread).
    struct Prepared
    {
        InspectedEntry entry;
        std::exception_ptr error;
    };
    kvs::then(m_store->inspect(encodedKey),
              this,
              [this, encodedKey, operation, limits, prepared, done = std::move(done)](
                  QFuture<std::optional<RawEntry>> read) {
                  // The read's result is copied out of the future (20 MB for a 20 MB value) and
                  // decoded on the worker, never here: the GUI thread only takes the prepared
                  // entry.
                  QFuture<Prepared> ready
                      = QtConcurrent::run(&m_pool, [encodedKey, read, limits, prepared] {
                            Prepared out;
                            try {
                                out.entry = inspectEntry(encodedKey, read.result(), limits);
                            } catch (...) {
                                out.error = std::current_exception();
                            }
                            if (prepared && !out.error)
                                prepared(out.entry);
                            return out;
                        });
                  onFinished(this, ready, [this, operation, done](QFuture<Prepared> f) {
                      Prepared ready = f.takeResult();
                      if (ready.error) {
                          fail(operation, tr("Could not read the key."), ready.error);
                          return;
                      }
                      done(std::move(ready.entry));
                  });
              });
}

void InspectorController::load(const std::string &encodedKey)
{
    const std::uint64_t generation = ++m_generation;
    if (!requireStore(Operation::Load))
        return;
    inspectThen(encodedKey, Operation::Load, [this, generation](InspectedEntry entry) {
        if (generation == m_generation)
            emit loaded(entry);
    });
}

void InspectorController::checkedSet(Operation operation,
                                     const InspectedEntry &base,
                                     const Value &value,
                                     const SetOptions &options)
{
    if (!requireStore(operation))
        return;
    QFuture<CommitResult> commit
        = commitStep(m_store,
                     {checkFor(base, m_clock->now())},
                     {{Mutation::Type::Set, *base.key, value, 0, options, {}}},
                     stepLabel(operation));
    kvs::then(commit,
              this,
              [this, operation, encodedKey = base.encodedKey](QFuture<CommitResult> result) {
                  try {
                      if (!result.result().ok) {
                          reportConflict(operation, encodedKey);
                          return;
                      }
                  } catch (...) {
                      fail(operation, tr("The value was not saved."), std::current_exception());
                      return;
                  }
                  emit written(operation, encodedKey);
              });
}

void InspectorController::reportConflict(Operation operation, const std::string &encodedKey)
{
    inspectThen(encodedKey, operation, [this, operation](InspectedEntry current) {
        emit conflict(operation, current);
    });
}

void InspectorController::save(const InspectedEntry &base,
                               const Value &value,
                               const ExpiryChoice &expiry)
{
    const std::optional<SetOptions> options = resolveExpiry(expiry, base.expiresAt, m_clock->now());
    if (!options) {
        emit failed(Operation::Save,
                    tr("The key expired while you were editing it, so there is no expiry left to "
                       "keep. Choose a new expiry or “No expiry” and save again."),
                    {});
        return;
    }
    checkedSet(Operation::Save, base, value, *options);
}

void InspectorController::setExpiry(const InspectedEntry &base, const ExpiryChoice &expiry)
{
    if (!base.value) {
        emit failed(
            Operation::Expiry, tr("The value does not decode; its expiry cannot be set."), {});
        return;
    }
    const std::optional<SetOptions> options = resolveExpiry(expiry, base.expiresAt, m_clock->now());
    if (!options) {
        emit failed(Operation::Expiry, tr("The key has expired."), {});
        return;
    }
    checkedSet(Operation::Expiry, base, *base.value, *options);
}

void InspectorController::remove(const InspectedEntry &base)
{
    if (!requireStore(Operation::Delete))
        return;
    QFuture<CommitResult> commit = commitStep(m_store,
                                              {checkFor(base, m_clock->now())},
                                              {{Mutation::Type::Delete, *base.key, {}, 0, {}, {}}},
                                              "delete");
    kvs::then(commit, this, [this, encodedKey = base.encodedKey](QFuture<CommitResult> result) {
        try {
            if (!result.result().ok) {
                reportConflict(Operation::Delete, encodedKey);
                return;
            }
        } catch (...) {
            fail(Operation::Delete, tr("The key was not deleted."), std::current_exception());
            return;
        }
        emit removed(encodedKey);
    });
}

void InspectorController::removeRaw(const InspectedEntry &base)
{
    if (!requireStore(Operation::Delete))
        return;
    // No check of the version: a key that does not decode cannot be named in an atomic check.
    // With the undo journal on, the row's stored bytes are journaled first (Edit > Undo).
    kvs::then(
        removeRawStep(m_store, base.encodedKey),
        this,
        [this, encodedKey = base.encodedKey](QFuture<void> done) {
            try {
                done.waitForFinished();
            } catch (...) {
                fail(Operation::Delete, tr("The row was not deleted."), std::current_exception());
                return;
            }
            emit removed(encodedKey);
        });
}

void InspectorController::increment(const InspectedEntry &base, std::int64_t delta)
{
    if (!requireStore(Operation::Increment))
        return;
    if (base.value && base.value->type() == Value::Type::BigInt) {
        const std::optional<SetOptions> options
            = resolveExpiry(ExpiryChoice::keep(), base.expiresAt, m_clock->now());
        if (!options) {
            emit failed(Operation::Increment, tr("The key has expired."), {});
            return;
        }
        checkedSet(Operation::Increment,
                   base,
                   Value(addToBigInt(base.value->asBigInt(), delta)),
                   *options);
        return;
    }
    // As increment() (the TTL stays), made a step of the undo journal.
    QFuture<CommitResult> result
        = commitStep(m_store,
                     {},
                     {{Mutation::Type::Sum, *base.key, {}, static_cast<double>(delta), {}, {}}},
                     "increment");
    kvs::then(result, this, [this, encodedKey = base.encodedKey](QFuture<CommitResult> sum) {
        try {
            sum.waitForFinished();
            (void)sum.result();
        } catch (...) {
            fail(Operation::Increment,
                 tr("The value was not incremented."),
                 std::current_exception());
            return;
        }
        emit written(Operation::Increment, encodedKey);
    });
}

void InspectorController::create(const Key &key, const Value &value, std::optional<double> ttlMs)
{
    if (!requireStore(Operation::Create))
        return;
    std::string encodedKey;
    try {
        encodedKey = encodeKey(key);
    } catch (...) {
        fail(Operation::Create, tr("This key cannot be stored."), std::current_exception());
        return;
    }
    SetOptions options;
    options.ttl = ttlMs;
    QFuture<CommitResult> commit = commitStep(m_store,
                                              {Check{key, std::nullopt}},
                                              {{Mutation::Type::Set, key, value, 0, options, {}}},
                                              "new-key");
    kvs::then(commit, this, [this, encodedKey](QFuture<CommitResult> result) {
        try {
            if (!result.result().ok) {
                emit failed(Operation::Create,
                            tr("This key exists already; nothing was written. Select it to edit "
                               "its value."),
                            {});
                return;
            }
        } catch (...) {
            fail(Operation::Create, tr("The key was not created."), std::current_exception());
            return;
        }
        emit written(Operation::Create, encodedKey);
    });
}

void InspectorController::exportValue(const InspectedEntry &entry,
                                      const QString &path,
                                      bool asLiteral)
{
    const std::shared_ptr<const std::string> raw = entry.rawValue;
    const std::shared_ptr<const Value> value = entry.value;
    QFuture<QString> written = QtConcurrent::run(&m_pool, [raw, value, path, asLiteral]() {
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return file.errorString();
        std::string literal;
        if (asLiteral && value)
            literal = printLiteral(*value);
        const std::string &bytes = asLiteral ? literal : *raw;
        if (file.write(bytes.data(), static_cast<qint64>(bytes.size()))
                != static_cast<qint64>(bytes.size())
            || !file.commit()) {
            return file.errorString();
        }
        return QString();
    });
    onFinished(this, written, [this, path](QFuture<QString> f) {
        const QString error = f.result();
        if (error.isEmpty())
            emit exported(path);
        else
            emit failed(Operation::Export, tr("Could not save %1.").arg(path), error);
    });
}

void InspectorController::printValueLiteral(const InspectedEntry &entry)
{
    const std::shared_ptr<const Value> value = entry.value;
    if (!value)
        return;
    QFuture<QString> printed = QtConcurrent::run(
        &m_pool, [value]() { return QString::fromStdString(printLiteral(*value)); });
    onFinished(this, printed, [this](QFuture<QString> f) { emit literalReady(f.result()); });
}

} // namespace kvs::ui
