#include "queues/audit_log_view.h"

#include "common/file_chooser.h"
#include "queues/audit_log_model.h"

#include <kvs/audit_log.h>
#include <kvs/future.h>

#include <QDialogButtonBox>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace kvs::ui {

namespace {

// Copies the log's bytes to target, owner-only like the log. Returns "" or the error.
QString copyLog(const QString &source, const QString &target)
{
    QFile in(source);
    QByteArray bytes;
    if (in.exists()) {
        if (!in.open(QIODevice::ReadOnly))
            return in.errorString();
        bytes = in.readAll();
    }
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly))
        return out.errorString();
    out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (out.write(bytes) != bytes.size() || !out.commit())
        return out.errorString();
    return {};
}

} // namespace

AuditLogView::AuditLogView(QWidget *parent, QString path)
    : QDialog(parent)
    , m_path(path.isEmpty() ? QString::fromStdString(auditLogPath()) : std::move(path))
    , m_model(new AuditLogModel(this))
    , m_table(new QTableView(this))
    , m_status(new QLabel(this))
    , m_export(new QPushButton(tr("Export…"), this))
{
    setWindowTitle(tr("Audit log"));
    setObjectName(QStringLiteral("auditLogView"));
    m_chooseTarget = [this] {
        return FileChooser::getSaveFileName(this,
                                            tr("Export the audit log"),
                                            QStringLiteral("audit.jsonl"),
                                            tr("JSON lines (*.jsonl);;All files (*)"));
    };
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_status->setTextFormat(Qt::PlainText);
    auto *where = new QLabel(tr("Queue actions of kvs-admin and kvs on this machine, newest "
                                "first. File: %1")
                                 .arg(m_path),
                             this);
    where->setTextFormat(Qt::PlainText);
    where->setWordWrap(true);
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *refresh = new QPushButton(tr("Refresh"), this);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &AuditLogView::reject);
    connect(refresh, &QPushButton::clicked, this, &AuditLogView::reload);
    connect(m_export, &QPushButton::clicked, this, &AuditLogView::exportLog);
    auto *row = new QHBoxLayout;
    row->addWidget(m_status, 1);
    row->addWidget(refresh);
    row->addWidget(m_export);
    row->addWidget(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(where);
    layout->addWidget(m_table, 1);
    layout->addLayout(row);
    resize(960, 480);
    reload();
}

void AuditLogView::reload()
{
    m_status->setText(tr("Reading…"));
    const QString path = m_path;
    kvs::then(QtConcurrent::run([path] { return readAuditLog(path); }),
              this,
              [this](AuditLogContents contents) {
                  const int records = int(contents.entries.size());
                  m_model->setEntries(std::move(contents.entries));
                  m_table->resizeColumnsToContents();
                  QString text = !contents.error.isEmpty()
                                     ? tr("Cannot read the audit log: %1").arg(contents.error)
                                     : tr("%Ln record(s).", nullptr, records);
                  if (contents.unreadable > 0)
                      text += QLatin1Char(' ')
                              + tr("%Ln line(s) could not be read.", nullptr, contents.unreadable);
                  m_status->setText(text);
                  emit loaded(records);
              });
}

void AuditLogView::exportLog()
{
    const QString target = m_chooseTarget();
    if (target.isEmpty())
        return;
    m_export->setEnabled(false);
    const QString source = m_path;
    kvs::then(QtConcurrent::run([source, target] { return copyLog(source, target); }),
              this,
              [this, target](const QString &error) {
                  m_export->setEnabled(true);
                  const QString message
                      = error.isEmpty()
                            ? tr("Exported the audit log to %1.").arg(target)
                            : tr("Cannot export the audit log to %1: %2").arg(target, error);
                  m_status->setText(message);
                  emit exportFinished(error.isEmpty(), message);
              });
}

} // namespace kvs::ui
