#include "connection/recent_connections.h"

#include "common/private_settings.h"

#include <QSettings>

#include <memory>

namespace kvs::ui {

namespace {

const QString kArray = QStringLiteral("connections/recent");

// The caller's settings, or a default QSettings for this one call.
class SettingsRef
{
public:
    explicit SettingsRef(QSettings *given)
        : m_own(given ? nullptr : std::make_unique<QSettings>())
        , m_settings(given ? given : m_own.get())
    {}
    QSettings *operator->() const { return m_settings; }
    QSettings *get() const { return m_settings; }

private:
    std::unique_ptr<QSettings> m_own; // Owned; null when the caller gave settings.
    QSettings *m_settings;            // Not owned (or m_own).
};

} // namespace

RecentConnections::RecentConnections(QSettings *settings)
    : m_settings(settings)
{}

QList<ConnectionSpec> RecentConnections::list() const
{
    SettingsRef settings(m_settings);
    QList<ConnectionSpec> specs;
    const int count = settings->beginReadArray(kArray);
    for (int i = 0; i < count; ++i) {
        settings->setArrayIndex(i);
        QVariantMap map;
        for (const QString &key : settings->childKeys())
            map.insert(key, settings->value(key));
        if (auto spec = ConnectionSpec::fromVariantMap(map))
            specs.append(*spec);
    }
    settings->endArray();
    return specs;
}

void RecentConnections::add(const ConnectionSpec &spec)
{
    if (!spec.isValid())
        return;
    QList<ConnectionSpec> specs = list();
    specs.removeIf([&spec](const ConnectionSpec &old) { return old.sameTarget(spec); });
    ConnectionSpec first = spec;
    first.setCreateNew(false);
    specs.prepend(first);
    while (specs.size() > kMaxCount)
        specs.removeLast();
    store(specs);
}

void RecentConnections::remove(const ConnectionSpec &spec)
{
    QList<ConnectionSpec> specs = list();
    specs.removeIf([&spec](const ConnectionSpec &old) { return old.sameTarget(spec); });
    store(specs);
}

void RecentConnections::clear()
{
    store({});
}

void RecentConnections::store(const QList<ConnectionSpec> &specs)
{
    SettingsRef settings(m_settings);
    settings->remove(kArray);
    settings->beginWriteArray(kArray, static_cast<int>(specs.size()));
    for (int i = 0; i < specs.size(); ++i) {
        settings->setArrayIndex(i);
        // One plain value per field (not one QVariantMap blob), so the file stays readable.
        const QVariantMap map = specs[i].toVariantMap();
        for (auto it = map.constBegin(); it != map.constEnd(); ++it)
            settings->setValue(it.key(), it.value());
    }
    settings->endArray();
    // The file names hosts, users and databases: readable by its owner only (0600).
    syncPrivately(*settings.get());
}

} // namespace kvs::ui
