#include "help/getting_started.h"

#include "common/private_settings.h"
#include "startup/demo_database.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QSettings>
#include <QVBoxLayout>

namespace kvs::ui {

GettingStartedDialog::GettingStartedDialog(QWidget *parent)
    : QDialog(parent)
    , m_text(new QLabel(this))
{
    setObjectName(QStringLiteral("gettingStarted"));
    setWindowTitle(tr("Getting started"));
    m_text->setObjectName(QStringLiteral("gettingStartedText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    // The demo is a tab only when the start had nothing else to open, so the page says where
    // it lives instead of calling it the first tab.
    m_text->setText(
        tr("<h3>Welcome to KVS Admin</h3>"
           "<p>When KVS Admin starts with no database to open, it opens the <b>demo "
           "database</b>, a SQLite file made for trying things: users, orders by month, "
           "counters, sessions that expire, values of every type, key parts of every type, and "
           "queue topics with due, delayed, processing and dead messages. It lives in %1; open "
           "it again with <b>File ▸ Open SQLite File…</b>.</p>")
            .arg(QDir::toNativeSeparators(defaultDemoDatabasePath()).toHtmlEscaped())
        + tr(
            "<p>Every database opens <b>read-only</b> (\"Read-only (inspect)\" beside the tab's "
            "toolbar): looking changes nothing. <b>Allow writes</b> in that toolbar lets you edit, "
            "delete and create keys; it asks first.</p>"
            "<p>A database tab has these views: <b>Keys</b> (the key tree, and the selected value "
            "beside it), <b>Search</b> (Ctrl+Shift+F), <b>Queues</b>, <b>Transaction</b>, "
            "<b>Watch</b>, <b>Benchmark</b>, <b>Analysis</b> (where the keys and bytes are), "
            "<b>Tables</b> (the tables as stored), <b>SQL</b> and <b>Maintenance</b>. Right-click "
            "a key for what it offers; <b>Edit ▸ Undo</b> takes a write back.</p>"
            "<p><b>File ▸ Open Database…</b> (Ctrl+O) opens a SQLite file or a PostgreSQL "
            "database; <b>File ▸ Open SQLite File…</b> also creates a new one. <b>Help ▸ Keyboard "
            "Shortcuts</b> lists every shortcut; this page stays in the Help menu.</p>"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    setMinimumWidth(420);
    resize(560, 420);
}

GettingStartedDialog *GettingStartedDialog::showOnFirstStart(QWidget *parent)
{
    QSettings settings;
    if (settings.value(QLatin1String(kShownKey), false).toBool())
        return nullptr;
    settings.setValue(QLatin1String(kShownKey), true);
    syncPrivately(settings);
    auto *page = new GettingStartedDialog(parent);
    page->setAttribute(Qt::WA_DeleteOnClose);
    page->show();
    return page;
}

} // namespace kvs::ui
