#include "main_window.h"

#include "database_summary_widget.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace kvs::ui {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_loader(new DatabaseSummaryLoader(this))
    , m_summaryWidget(new DatabaseSummaryWidget(this))
{
    setWindowTitle(tr("KVS Admin"));
    setCentralWidget(m_summaryWidget);
    createMenus();

    auto *readOnly = new QLabel(tr("Read-only (inspect)"), this);
    readOnly->setObjectName(QStringLiteral("readOnlyIndicator"));
    readOnly->setToolTip(tr("Databases are opened read-only: nothing is written to them."));
    statusBar()->addPermanentWidget(readOnly);

    connect(m_loader,
            &DatabaseSummaryLoader::started,
            m_summaryWidget,
            &DatabaseSummaryWidget::showLoading);
    connect(m_loader,
            &DatabaseSummaryLoader::loaded,
            m_summaryWidget,
            &DatabaseSummaryWidget::showSummary);
    connect(m_loader,
            &DatabaseSummaryLoader::failed,
            m_summaryWidget,
            &DatabaseSummaryWidget::showError);

    resize(820, 520);
}

void MainWindow::openDatabase(const QString &path)
{
    open(path, DatabaseSummaryLoader::Mode::OpenOnly);
}

void MainWindow::openDemoDatabase(const QString &path)
{
    open(path, DatabaseSummaryLoader::Mode::CreateDemoIfMissing);
}

void MainWindow::open(const QString &path, DatabaseSummaryLoader::Mode mode)
{
    m_path = path;
    setWindowTitle(tr("KVS Admin — %1").arg(QFileInfo(path).fileName()));
    m_loader->load(path, mode);
}

void MainWindow::createMenus()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *openAction = fileMenu->addAction(tr("&Open…"), this, &MainWindow::chooseDatabase);
    openAction->setShortcut(QKeySequence::Open);
    openAction->setStatusTip(tr("Open another SQLite database, read-only"));
    fileMenu->addSeparator();
    QAction *quitAction = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setShortcut(QKeySequence::Quit);
    quitAction->setMenuRole(QAction::QuitRole);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    QAction *aboutAction
        = helpMenu->addAction(tr("&About KVS Admin"), this, &MainWindow::showAbout);
    aboutAction->setMenuRole(QAction::AboutRole);
}

void MainWindow::chooseDatabase()
{
    const QString start = m_path.isEmpty() ? QString() : QFileInfo(m_path).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this,
        tr("Open Database"),
        start,
        tr("SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)"));
    if (!path.isEmpty())
        openDatabase(path);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this,
                       tr("About KVS Admin"),
                       tr("<p><b>KVS Admin</b> %1</p>"
                          "<p>An admin and inspector for kvs key-value databases.</p>")
                           .arg(QStringLiteral(KVS_ADMIN_VERSION)));
}

} // namespace kvs::ui
