#include <kvs/saved_connections.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>

#include <algorithm>

namespace kvs {

namespace {

const QString kArray = QStringLiteral("connections/saved");
const QString kName = QStringLiteral("name");
const QString kColour = QStringLiteral("colour");
const QString kTags = QStringLiteral("tags");
const QString kEnvironment = QStringLiteral("environment");

constexpr QFileDevice::Permissions kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

} // namespace

void syncOwnerOnly(QSettings &settings)
{
    const QString path = settings.fileName();
    if (!path.isEmpty() && !QFileInfo::exists(path)) {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        (void)file.open(QIODevice::WriteOnly | QIODevice::NewOnly, kOwnerOnly);
    }
    settings.sync();
    if (!path.isEmpty() && QFileInfo::exists(path) && QFile::permissions(path) != kOwnerOnly)
        QFile::setPermissions(path, kOwnerOnly);
}

SavedConnections::SavedConnections(QSettings &settings)
    : m_settings(settings)
{}

std::unique_ptr<QSettings> SavedConnections::openApplicationSettings()
{
    return std::make_unique<QSettings>(QSettings::NativeFormat,
                                       QSettings::UserScope,
                                       QStringLiteral("KVS Admin"),
                                       QStringLiteral("kvs-admin"));
}

QList<SavedConnection> SavedConnections::list() const
{
    QList<SavedConnection> connections;
    const int count = m_settings.beginReadArray(kArray);
    for (int i = 0; i < count; ++i) {
        m_settings.setArrayIndex(i);
        SavedConnection connection;
        // One plain value per field, so the file stays readable; the target's are the rest.
        for (const QString &key : m_settings.childKeys()) {
            const QVariant value = m_settings.value(key);
            if (key == kName)
                connection.name = value.toString();
            else if (key == kColour)
                connection.colour = value.toString();
            else if (key == kTags)
                connection.tags = value.toStringList();
            else if (key == kEnvironment)
                connection.environment = environmentOfWord(value.toString())
                                             .value_or(ConnectionEnvironment::Development);
            else
                connection.target.insert(key, value);
        }
        // Cleaned again, so that even a hand-edited file yields no password.
        connection.target = withoutSecrets(connection.target);
        if (connection.isValid())
            connections.append(connection);
    }
    m_settings.endArray();
    std::sort(connections.begin(),
              connections.end(),
              [](const SavedConnection &a, const SavedConnection &b) {
                  return a.name.compare(b.name, Qt::CaseInsensitive) < 0;
              });
    return connections;
}

std::optional<SavedConnection> SavedConnections::find(const QString &name) const
{
    for (const SavedConnection &connection : list()) {
        if (connection.name == name)
            return connection;
    }
    return std::nullopt;
}

void SavedConnections::put(const SavedConnection &connection, const QString &replacing)
{
    QList<SavedConnection> connections = list();
    connections.removeIf([&](const SavedConnection &old) {
        return old.name == connection.name || (!replacing.isEmpty() && old.name == replacing);
    });
    SavedConnection clean = connection;
    clean.target = withoutSecrets(connection.target);
    connections.append(clean);
    store(connections);
}

bool SavedConnections::remove(const QString &name)
{
    QList<SavedConnection> connections = list();
    const auto removed
        = connections.removeIf([&name](const SavedConnection &old) { return old.name == name; });
    if (removed == 0)
        return false;
    store(connections);
    return true;
}

QString SavedConnections::unusedName(const QString &name) const
{
    const QList<SavedConnection> connections = list();
    const auto taken = [&connections](const QString &candidate) {
        return std::any_of(connections.begin(),
                           connections.end(),
                           [&candidate](const SavedConnection &c) { return c.name == candidate; });
    };
    if (!taken(name))
        return name;
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1 (%2)").arg(name).arg(n);
        if (!taken(candidate))
            return candidate;
    }
}

void SavedConnections::store(const QList<SavedConnection> &connections)
{
    m_settings.remove(kArray);
    m_settings.beginWriteArray(kArray, static_cast<int>(connections.size()));
    for (int i = 0; i < connections.size(); ++i) {
        const SavedConnection &connection = connections[i];
        m_settings.setArrayIndex(i);
        for (auto it = connection.target.constBegin(); it != connection.target.constEnd(); ++it)
            m_settings.setValue(it.key(), it.value());
        m_settings.setValue(kName, connection.name);
        m_settings.setValue(kColour, connection.colour);
        m_settings.setValue(kTags, connection.tags);
        m_settings.setValue(kEnvironment, environmentWord(connection.environment));
    }
    m_settings.endArray();
    syncOwnerOnly(m_settings);
}

} // namespace kvs
