#pragma once

#include "common/clock_timer.h"
#include "inspector/inspected_entry.h"

#include <kvs/clock.h>

#include <QWidget>

#include <memory>
#include <optional>

class QLabel;

namespace kvs::ui {

// The facts of the inspected row above the value: the key as a literal (or "does not decode"),
// the encoded key in hex, the value's kind and size, the version, and the expiry as an absolute
// time with a live countdown (ticking every second of its clock) or the mark "expired, not yet
// cleaned".
// Thread rule: GUI thread only.
class EntryHeader : public QWidget
{
    Q_OBJECT

public:
    explicit EntryHeader(QWidget *parent = nullptr);

    // Shows entry's facts; nullopt shows nothing.
    // prefixOnly: the key is the prefix of other keys (a tree node without a value), which a
    // missing entry then says instead of "deleted or never existed".
    void showEntry(const std::optional<InspectedEntry> &entry, bool prefixOnly = false);
    // The countdown's clock (null: the system's; tests give a ManualClock and move it).
    void setClock(std::shared_ptr<Clock> clock);

    // The value's kind as the pane names it ("string", "Map"...).
    static QString kindName(const InspectedEntry &entry);
    // A byte count for people: "1 byte", "512 bytes", "20.0 MB" (the tree's valueSizeText()).
    static QString sizeText(qint64 bytes);

private:
    void updateExpiry();

    QLabel *m_key;     // Owned (child).
    QLabel *m_keyHex;  // Owned (child).
    QLabel *m_facts;   // Owned (child).
    QLabel *m_expiry;  // Owned (child).
    QLabel *m_expired; // Owned (child).
    ClockTimer m_tick;
    std::optional<std::int64_t> m_expiresAt;
    bool m_expiredWhenRead = false;
    std::shared_ptr<Clock> m_clock = systemClock();
};

} // namespace kvs::ui
