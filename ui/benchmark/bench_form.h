#pragma once

#include "bench/workload/workload_config.h"

#include <QWidget>

#include <string>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace kvs::ui {

// The parameters of a Benchmark run: the target (a scratch SQLite file in a folder, or scratch
// kvsbench_ tables on the tab's PostgreSQL server), the workload and every engine parameter.
// A field shows only where it applies: the pool size and not the durability for PostgreSQL,
// producers and listeners for the queue workload, the TTL share for workloads that write, the
// scan length for those that scan. Thread rule: GUI thread only.
class BenchForm : public QWidget
{
    Q_OBJECT

public:
    enum Target { ScratchSqlite, PostgresServer };

    explicit BenchForm(QWidget *parent = nullptr);

    // The database of the tab: a SQLite file (its folder is the default scratch folder) or a
    // PostgreSQL connection string with its password, which offers that server as a target.
    void setSqliteDatabase(const QString &path);
    void setPostgresServer(const std::string &connection, const QString &displayName);
    bool hasPostgresServer() const { return !m_postgres.empty(); }

    void setTarget(Target target);
    Target target() const;
    void setScratchFolder(const QString &folder);
    void setWorkload(const QString &name);
    QString mixText() const;
    // The SLO thresholds as typed ("p99<5ms,errors<0.1%"; bench/workload/slo.h), for a capacity
    // search and a run's check; empty for none.
    QString sloText() const;
    void setSloText(const QString &text);

    // The run the form describes; parameters that do not apply keep the engine's defaults. The
    // custom mix is parsed when it can be (start() reports a bad one).
    bench::WorkloadConfig config() const;
    // Shows config's parameters (not its target), e.g. of a run started elsewhere.
    void showConfig(const bench::WorkloadConfig &config);
    // Fields are read-only while a run is in flight.
    void setRunning(bool running);

    // Whether the scratch keys and values take the shape of the tab's database (its sample;
    // config().like).
    void setShapedLikeDatabase(bool on);

    // Whether the row of field (a child of this form) is shown (tests).
    bool isFieldShown(const QWidget *field) const;

private:
    void updateFields();
    void chooseFolder();
    // The operations the form's workload runs (the custom mix as far as it parses).
    bench::Mix workloadMix() const;
    bool isQueue() const;

    QFormLayout *m_form;             // Owned (layout).
    QComboBox *m_target;             // Owned.
    QLineEdit *m_folder;             // Owned.
    QPushButton *m_chooseFolder;     // Owned.
    QWidget *m_folderRow;            // Owned.
    QComboBox *m_workload;           // Owned.
    QLineEdit *m_mix;                // Owned.
    QDoubleSpinBox *m_seconds;       // Owned.
    QDoubleSpinBox *m_warmup;        // Owned.
    QSpinBox *m_keys;                // Owned.
    QComboBox *m_distribution;       // Owned.
    QSpinBox *m_valueMin;            // Owned.
    QSpinBox *m_valueMax;            // Owned.
    QWidget *m_valueRow;             // Owned.
    QDoubleSpinBox *m_ttlShare;      // Owned.
    QSpinBox *m_scanLength;          // Owned.
    QSpinBox *m_concurrency;         // Owned.
    QLabel *m_concurrencyLabel;      // Owned.
    QSpinBox *m_listeners;           // Owned.
    QSpinBox *m_listenerConcurrency; // Owned.
    QDoubleSpinBox *m_rate;          // Owned.
    QComboBox *m_store;              // Owned.
    QSpinBox *m_pool;                // Owned.
    QComboBox *m_durability;         // Owned.
    QLineEdit *m_slo;                // Owned.
    QCheckBox *m_like;               // Owned.
    std::string m_database;          // the tab's database (path or connection): --like's source
    std::string m_postgres;          // the connection string, with its password; empty: no server
    bool m_running = false;
};

} // namespace kvs::ui
