#include "connection/saved_connections_panel.h"

#include "common/confirm_destructive.h"
#include "common/file_chooser.h"
#include "connection/saved_connection_editor.h"
#include "connection/saved_connection_look.h"

#include <kvs/connection_exchange.h>
#include <kvs/errors.h>
#include <kvs/saved_connections.h>

#include <QComboBox>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include <map>

namespace kvs::ui {

namespace {

constexpr int kNameRole = Qt::UserRole;

QIcon swatchIcon(const QColor &colour)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(colour);
    return QIcon(pixmap);
}

QString whereText(const SavedConnection &connection)
{
    const std::optional<ConnectionSpec> spec = specOf(connection);
    return spec ? spec->displayName() : QString();
}

// A new connection's first name: the file's, or the database's (the host's when the URL has
// none).
QString defaultName(const ConnectionSpec &spec)
{
    const QString name = typedNameOf(spec);
    if (!name.isEmpty())
        return name;
    return spec.host().isEmpty() ? spec.displayName() : spec.host();
}

bool matchesFilter(const SavedConnection &connection, const QString &filter)
{
    if (filter.isEmpty())
        return true;
    const QString haystack = connection.name + QLatin1Char(' ')
                             + connection.tags.join(QLatin1Char(' ')) + QLatin1Char(' ')
                             + whereText(connection) + QLatin1Char(' ')
                             + environmentLabel(connection.environment);
    return haystack.contains(filter, Qt::CaseInsensitive);
}

} // namespace

SavedConnectionsPanel::SavedConnectionsPanel(QSettings *settings, QWidget *parent)
    : QWidget(parent)
    , m_ownSettings(settings ? nullptr : std::make_unique<QSettings>())
    , m_settings(settings ? settings : m_ownSettings.get())
    , m_filterEdit(new QLineEdit(this))
    , m_groupBox(new QComboBox(this))
    , m_tree(new QTreeWidget(this))
    , m_save(new QPushButton(tr("&Save…"), this))
    , m_edit(new QPushButton(tr("&Edit…"), this))
    , m_duplicate(new QPushButton(tr("D&uplicate"), this))
    , m_delete(new QPushButton(tr("Delete…"), this))
    , m_more(new QPushButton(tr("More"), this))
{
    setObjectName(QStringLiteral("savedConnections"));
    m_filterEdit->setObjectName(QStringLiteral("savedFilter"));
    m_filterEdit->setPlaceholderText(tr("Filter by name, tag or host"));
    m_filterEdit->setClearButtonEnabled(true);
    m_groupBox->setObjectName(QStringLiteral("savedGrouping"));
    m_groupBox->addItem(tr("By environment"));
    m_groupBox->addItem(tr("By tag"));
    m_tree->setObjectName(QStringLiteral("savedTree"));
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(false);
    m_tree->setIndentation(12);
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    for (QPushButton *button : {m_save, m_edit, m_duplicate, m_delete, m_more})
        button->setAutoDefault(false);
    m_save->setObjectName(QStringLiteral("saveConnection"));
    m_save->setToolTip(tr("Save the connection of the form under a name"));
    m_edit->setObjectName(QStringLiteral("editConnection"));
    m_edit->setToolTip(tr("Rename or re-colour the selected connection; it takes the form's "
                          "connection"));
    m_duplicate->setObjectName(QStringLiteral("duplicateConnection"));
    m_delete->setObjectName(QStringLiteral("deleteConnection"));
    auto *menu = new QMenu(m_more);
    menu->addAction(tr("Import Connections…"), this, [this] {
        const QString path = FileChooser::getOpenFileName(
            this, tr("Import Connections"), {}, tr("Connections (*.json);;All files (*)"));
        if (!path.isEmpty())
            (void)importJsonFile(path);
    });
    menu->addAction(tr("Import libpq Services…"), this, [this] {
        const QString path = FileChooser::getOpenFileName(
            this, tr("Import libpq Services"), pgServiceFilePath(), tr("All files (*)"));
        if (!path.isEmpty())
            (void)importServiceFile(path);
    });
    menu->addAction(tr("Export Connections…"), this, [this] {
        const QString path
            = FileChooser::getSaveFileName(this,
                                           tr("Export Connections"),
                                           QStringLiteral("kvs-admin-connections.json"),
                                           tr("Connections (*.json)"));
        if (!path.isEmpty())
            (void)exportToFile(path);
    });
    m_more->setMenu(menu);

    auto *top = new QHBoxLayout;
    top->addWidget(m_filterEdit, 1);
    top->addWidget(m_groupBox);
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(4);
    for (QPushButton *button : {m_save, m_edit, m_duplicate, m_delete, m_more})
        buttons->addWidget(button);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_tree, 1);
    layout->addLayout(buttons);

    connect(m_filterEdit, &QLineEdit::textChanged, this, &SavedConnectionsPanel::setFilter);
    connect(m_groupBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        setGrouping(index == 1 ? Grouping::Tag : Grouping::Environment);
    });
    connect(
        m_tree, &QTreeWidget::currentItemChanged, this, &SavedConnectionsPanel::onCurrentChanged);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        if (!item || item->data(0, kNameRole).isNull())
            return;
        if (const std::optional<SavedConnection> connection = current())
            emit openRequested(*connection);
    });
    connect(m_save, &QPushButton::clicked, this, &SavedConnectionsPanel::saveForm);
    connect(m_edit, &QPushButton::clicked, this, &SavedConnectionsPanel::editCurrent);
    connect(m_duplicate, &QPushButton::clicked, this, &SavedConnectionsPanel::duplicateCurrent);
    connect(m_delete, &QPushButton::clicked, this, &SavedConnectionsPanel::deleteCurrent);
    reload();
}

SavedConnectionsPanel::~SavedConnectionsPanel() = default;

QSettings &SavedConnectionsPanel::settings() const
{
    return *m_settings;
}

void SavedConnectionsPanel::setGrouping(Grouping grouping)
{
    m_grouping = grouping;
    const QSignalBlocker block(m_groupBox);
    m_groupBox->setCurrentIndex(grouping == Grouping::Tag ? 1 : 0);
    reload();
}

void SavedConnectionsPanel::setFilter(const QString &text)
{
    m_filter = text.trimmed();
    if (m_filterEdit->text() != text) {
        const QSignalBlocker block(m_filterEdit);
        m_filterEdit->setText(text);
    }
    reload();
}

void SavedConnectionsPanel::reload()
{
    const std::optional<SavedConnection> was = current();
    const QSignalBlocker block(m_tree);
    m_tree->clear();
    const QList<SavedConnection> all = SavedConnections(settings()).list();
    // Groups in a fixed order: production first (what must not be missed), then by tag name.
    std::map<QString, QList<SavedConnection>> groups;
    QStringList order;
    const auto add = [&](const QString &group, const SavedConnection &connection) {
        if (!groups.count(group))
            order.append(group);
        groups[group].append(connection);
    };
    for (const SavedConnection &connection : all) {
        if (!matchesFilter(connection, m_filter))
            continue;
        if (m_grouping == Grouping::Environment) {
            add(environmentLabel(connection.environment), connection);
        } else if (connection.tags.isEmpty()) {
            add(tr("No tag"), connection);
        } else {
            for (const QString &tag : connection.tags)
                add(tag, connection);
        }
    }
    if (m_grouping == Grouping::Environment) {
        QStringList fixed;
        for (const ConnectionEnvironment environment : {ConnectionEnvironment::Production,
                                                        ConnectionEnvironment::Staging,
                                                        ConnectionEnvironment::Development}) {
            if (groups.count(environmentLabel(environment)))
                fixed.append(environmentLabel(environment));
        }
        order = fixed;
    } else {
        order.sort(Qt::CaseInsensitive);
    }
    for (const QString &group : order) {
        auto *groupItem = new QTreeWidgetItem(m_tree, {group});
        groupItem->setFlags(Qt::ItemIsEnabled);
        QFont bold = groupItem->font(0);
        bold.setBold(true);
        groupItem->setFont(0, bold);
        for (const SavedConnection &connection : groups[group]) {
            auto *item = new QTreeWidgetItem(groupItem, {connection.name});
            item->setData(0, kNameRole, connection.name);
            item->setIcon(0, swatchIcon(colourOf(connection)));
            QString tip = whereText(connection);
            if (!connection.tags.isEmpty())
                tip += QLatin1Char('\n')
                       + tr("Tags: %1").arg(connection.tags.join(QStringLiteral(", ")));
            item->setToolTip(0, tip);
        }
        groupItem->setExpanded(true);
    }
    if (all.isEmpty()) {
        auto *none = new QTreeWidgetItem(
            m_tree, {tr("No saved connections yet: fill in the form, then Save…")});
        none->setFlags(Qt::NoItemFlags);
    }
    if (was)
        (void)select(was->name);
    updateButtons();
}

std::optional<SavedConnection> SavedConnectionsPanel::current() const
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    if (!item || item->data(0, kNameRole).isNull())
        return std::nullopt;
    return SavedConnections(settings()).find(item->data(0, kNameRole).toString());
}

bool SavedConnectionsPanel::select(const QString &name)
{
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if ((*it)->data(0, kNameRole).toString() == name) {
            m_tree->setCurrentItem(*it);
            return true;
        }
    }
    return false;
}

void SavedConnectionsPanel::onCurrentChanged(QTreeWidgetItem *)
{
    updateButtons();
    if (const std::optional<SavedConnection> connection = current())
        emit selected(*connection);
}

void SavedConnectionsPanel::updateButtons()
{
    const bool has = current().has_value();
    m_edit->setEnabled(has);
    m_duplicate->setEnabled(has);
    m_delete->setEnabled(has);
}

void SavedConnectionsPanel::saveForm()
{
    if (!m_formSpec)
        return;
    const ConnectionSpec spec = m_formSpec();
    if (!spec.isValid())
        return;
    SavedConnections saved(settings());
    QStringList taken;
    for (const SavedConnection &connection : saved.list())
        taken.append(connection.name);
    const QString name = saved.unusedName(defaultName(spec));
    SavedConnectionEditor editor(savedConnectionOf(name, spec), spec.displayName(), taken, this);
    if (editor.exec() != QDialog::Accepted)
        return;
    saved.put(editor.connection());
    reload();
    (void)select(editor.connection().name);
}

void SavedConnectionsPanel::editCurrent()
{
    const std::optional<SavedConnection> connection = current();
    if (!connection)
        return;
    SavedConnections saved(settings());
    QStringList taken;
    for (const SavedConnection &other : saved.list()) {
        if (other.name != connection->name)
            taken.append(other.name);
    }
    SavedConnection edited = *connection;
    // The form shows the selected connection (a click filled it); what it holds now is the
    // connection, changes included. The identity recorded stays only for the same target.
    if (m_formSpec && m_formSpec().isValid()) {
        const ConnectionSpec form = m_formSpec();
        const std::optional<ConnectionSpec> before = specOf(*connection);
        QVariantMap target = form.toVariantMap();
        for (auto it = connection->target.constBegin(); it != connection->target.constEnd(); ++it) {
            if (!target.contains(it.key())
                && (it.key() != kIdentityField || (before && before->sameTarget(form))))
                target.insert(it.key(), it.value());
        }
        edited.target = target;
    }
    SavedConnectionEditor editor(edited, whereText(edited), taken, this);
    if (editor.exec() != QDialog::Accepted)
        return;
    saved.put(editor.connection(), connection->name);
    reload();
    (void)select(editor.connection().name);
}

void SavedConnectionsPanel::duplicateCurrent()
{
    std::optional<SavedConnection> connection = current();
    if (!connection)
        return;
    SavedConnections saved(settings());
    connection->name = saved.unusedName(tr("%1 (copy)").arg(connection->name));
    saved.put(*connection);
    reload();
    (void)select(connection->name);
}

void SavedConnectionsPanel::deleteCurrent()
{
    const std::optional<SavedConnection> connection = current();
    if (!connection)
        return;
    DestructiveQuestion question;
    question.objectName = QStringLiteral("confirmDeleteConnection");
    question.title = tr("Delete Saved Connection");
    question.question = tr("Delete the saved connection \"%1\"?").arg(connection->name);
    question.details = tr("Only the saved entry goes (%1); the database and the recent "
                          "connections are not touched.")
                           .arg(whereText(*connection));
    question.action = tr("Delete");
    if (!confirmDestructive(this, question))
        return;
    (void)SavedConnections(settings()).remove(connection->name);
    reload();
}

void SavedConnectionsPanel::importConnections(const QList<SavedConnection> &connections)
{
    // An imported name that is taken gets a number: nothing saved is overwritten.
    SavedConnections saved(settings());
    for (SavedConnection connection : connections) {
        connection.name = saved.unusedName(connection.name);
        saved.put(connection);
    }
    reload();
}

bool SavedConnectionsPanel::importJsonFile(const QString &path)
{
    QFile file(path);
    try {
        if (!file.open(QIODevice::ReadOnly))
            throw Error("kvs: cannot read " + path.toStdString() + ": "
                        + file.errorString().toStdString());
        importConnections(connectionsFromJson(file.readAll()));
        return true;
    } catch (const std::exception &error) {
        QMessageBox::warning(this,
                             tr("Import Connections"),
                             tr("The connections could not be imported: %1")
                                 .arg(QString::fromStdString(error.what())));
        return false;
    }
}

bool SavedConnectionsPanel::importServiceFile(const QString &path)
{
    try {
        importConnections(connectionsFromPgServiceFile(path));
        return true;
    } catch (const std::exception &error) {
        QMessageBox::warning(
            this,
            tr("Import libpq Services"),
            tr("The services could not be imported: %1").arg(QString::fromStdString(error.what())));
        return false;
    }
}

bool SavedConnectionsPanel::exportToFile(const QString &path)
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(connectionsToJson(SavedConnections(settings()).list()));
        if (file.commit())
            return true;
    }
    QMessageBox::warning(
        this,
        tr("Export Connections"),
        tr("The connections could not be written to %1: %2").arg(path, file.errorString()));
    return false;
}

void SavedConnectionsPanel::relocate(const SavedConnection &connection, const QString &path)
{
    SavedConnection moved = connection;
    moved.target.insert(QStringLiteral("path"), path);
    moved.target.remove(kIdentityField);
    SavedConnections(settings()).put(moved, connection.name);
    reload();
    (void)select(moved.name);
}

} // namespace kvs::ui
