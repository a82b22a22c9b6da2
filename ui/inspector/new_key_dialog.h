#pragma once

#include <kvs/key.h>
#include <kvs/value.h>

#include <QDialog>

#include <optional>

namespace kvs::ui {

class ExpiryEdit;
class LiteralEditor;

// Asks for a new key (a key literal prefilled with the prefix the user started from), its value
// literal and an optional TTL. Accepting is refused until both literals parse. Thread rule: GUI
// thread only.
class NewKeyDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NewKeyDialog(const Key &prefix, QWidget *parent = nullptr);

    // After accept(): what the user entered.
    const Key &key() const { return m_key; }
    const Value &value() const { return m_value; }
    std::optional<double> ttlMs() const { return m_ttlMs; }

    LiteralEditor *keyEditor() const { return m_keyEditor; }
    LiteralEditor *valueEditor() const { return m_valueEditor; }
    ExpiryEdit *expiryEdit() const { return m_expiry; }

    void accept() override;

private:
    LiteralEditor *m_keyEditor;   // Owned (child).
    LiteralEditor *m_valueEditor; // Owned (child).
    ExpiryEdit *m_expiry;         // Owned (child).
    Key m_key;
    Value m_value;
    std::optional<double> m_ttlMs;
};

} // namespace kvs::ui
