#include "connection/sqlite_connection_page.h"

#include "common/file_chooser.h"

#include <QButtonGroup>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>

namespace kvs::ui {

SqliteConnectionPage::SqliteConnectionPage(QWidget *parent)
    : QWidget(parent)
    , m_path(new QLineEdit(this))
    , m_browse(new QPushButton(tr("&Browse…"), this))
    , m_openExisting(new QRadioButton(tr("Open an &existing file"), this))
    , m_createNew(new QRadioButton(tr("Create a &new database"), this))
{
    m_path->setObjectName(QStringLiteral("sqlitePathEdit"));
    m_path->setPlaceholderText(tr("Path of the SQLite file"));
    m_path->setClearButtonEnabled(true);
    m_browse->setObjectName(QStringLiteral("browseButton"));
    m_openExisting->setObjectName(QStringLiteral("openExistingRadio"));
    m_createNew->setObjectName(QStringLiteral("createNewRadio"));
    m_openExisting->setChecked(true);
    auto *group = new QButtonGroup(this);
    group->addButton(m_openExisting);
    group->addButton(m_createNew);

    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_browse);
    auto *modeRow = new QHBoxLayout;
    modeRow->addWidget(m_openExisting);
    modeRow->addWidget(m_createNew);
    modeRow->addStretch(1);

    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("&File:"), this);
    label->setBuddy(m_path); // A row holding a layout gets no buddy by itself.
    form->addRow(label, pathRow);
    form->addRow(QString(), modeRow);

    connect(m_path, &QLineEdit::textChanged, this, &SqliteConnectionPage::changed);
    connect(m_createNew, &QRadioButton::toggled, this, &SqliteConnectionPage::changed);
    connect(m_browse, &QPushButton::clicked, this, &SqliteConnectionPage::browse);
}

ConnectionSpec SqliteConnectionPage::spec() const
{
    return ConnectionSpec::sqlite(QDir::fromNativeSeparators(m_path->text().trimmed()),
                                  m_createNew->isChecked());
}

void SqliteConnectionPage::setSpec(const ConnectionSpec &spec)
{
    m_path->setText(QDir::toNativeSeparators(spec.sqlitePath()));
    (spec.createNew() ? m_createNew : m_openExisting)->setChecked(true);
}

void SqliteConnectionPage::browse()
{
    // Opened window-modal, without a nested event loop; the answer comes through fileSelected.
    auto *chooser = new QFileDialog(this);
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    FileChooser::blindToContents(*chooser);
    const bool create = m_createNew->isChecked();
    chooser->setWindowTitle(create ? tr("Create a kvs database") : tr("Open a kvs database"));
    chooser->setAcceptMode(create ? QFileDialog::AcceptSave : QFileDialog::AcceptOpen);
    chooser->setFileMode(create ? QFileDialog::AnyFile : QFileDialog::ExistingFile);
    chooser->setNameFilters(
        {tr("SQLite databases (*.db *.sqlite *.sqlite3 *.kvs)"), tr("All files (*)")});
    const QFileInfo current(m_path->text().trimmed());
    if (!m_path->text().trimmed().isEmpty())
        chooser->setDirectory(current.absolutePath());
    connect(chooser, &QFileDialog::fileSelected, this, [this](const QString &file) {
        m_path->setText(QDir::toNativeSeparators(file));
    });
    chooser->open();
}

} // namespace kvs::ui
