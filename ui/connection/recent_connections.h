#pragma once

#include "connection/connection_spec.h"

#include <QList>

class QSettings;

namespace kvs::ui {

// The connections opened lately, most recent first, kept in QSettings (group
// "connections/recent"), whose file is made readable by its owner only (0600) when this class
// writes it. Holds specs only, which never carry a password. Thread rule: one thread
// at a time (the GUI thread in the app); QSettings itself is reentrant.
class RecentConnections
{
public:
    static constexpr int kMaxCount = 10;

    // settings: where to keep the list; null = a default-constructed QSettings (the
    // application's organisation and name) per call.
    explicit RecentConnections(QSettings *settings = nullptr);

    // The stored specs, most recent first (entries that no longer parse are skipped).
    QList<ConnectionSpec> list() const;
    // Puts spec first, replacing an entry of the same target (ConnectionSpec::sameTarget), and
    // keeps at most kMaxCount. createNew is cleared: once opened, the file exists.
    void add(const ConnectionSpec &spec);
    // Removes the entries of spec's target.
    void remove(const ConnectionSpec &spec);
    void clear();

private:
    void store(const QList<ConnectionSpec> &specs);

    QSettings *m_settings; // Not owned; may be null.
};

} // namespace kvs::ui
