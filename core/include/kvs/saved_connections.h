#pragma once

#include <kvs/saved_connection.h>

#include <QList>

#include <memory>
#include <optional>

class QSettings;

/// The saved connections in KVS Admin's settings file (group "connections/saved"), the one that
/// also keeps its recent connections: `~/.config/KVS Admin/kvs-admin.conf`. Read by the GUI and
/// by `kvs --connection NAME`. Thread rule: one thread at a time per QSettings.
namespace kvs {

class SavedConnections
{
public:
    /// settings: the file to use. Not owned; must outlive this object.
    explicit SavedConnections(QSettings &settings);

    /// KVS Admin's settings file, whether or not a QCoreApplication names the application
    /// (the CLI makes none): organisation "KVS Admin", application "kvs-admin".
    [[nodiscard]] static std::unique_ptr<QSettings> openApplicationSettings();

    /// Every saved connection, in name order (case-insensitive); entries that do not parse are
    /// skipped.
    [[nodiscard]] QList<SavedConnection> list() const;
    /// The connection named name (exactly), nullopt when none is.
    [[nodiscard]] std::optional<SavedConnection> find(const QString &name) const;
    /// Saves connection (its secrets dropped: withoutSecrets()), replacing the one named
    /// replacing (when given) and any other of the same name. Requires: connection.isValid().
    void put(const SavedConnection &connection, const QString &replacing = {});
    /// Removes the connection named name; false when none was.
    bool remove(const QString &name);
    /// name itself when no saved connection has it, else "name (2)", "name (3)", ...
    [[nodiscard]] QString unusedName(const QString &name) const;

private:
    void store(const QList<SavedConnection> &connections);

    QSettings &m_settings;
};

/// Writes settings to their file readable by the owner only (0600), whatever the umask: a missing
/// file is created 0600 before the write (QSettings' atomic save keeps the permissions of the
/// file it replaces), and a file left readable by an older release is narrowed after it. The
/// settings name hosts, users and databases. Thread rule: the thread that owns settings.
void syncOwnerOnly(QSettings &settings);

} // namespace kvs
