#pragma once

#include "connection/connection_spec.h"

#include <QWidget>

class QLineEdit;
class QPushButton;
class QRadioButton;

namespace kvs::ui {

// The SQLite half of the connection dialog: the file path with a file chooser, and whether to
// open an existing file or create a new database. Thread rule: GUI thread only.
class SqliteConnectionPage : public QWidget
{
    Q_OBJECT

public:
    explicit SqliteConnectionPage(QWidget *parent = nullptr);

    // The form as a spec (no table prefix: the dialog adds it).
    ConnectionSpec spec() const;
    void setSpec(const ConnectionSpec &spec);

signals:
    void changed();

private:
    void browse();

    QLineEdit *m_path;            // Owned (child).
    QPushButton *m_browse;        // Owned (child).
    QRadioButton *m_openExisting; // Owned (child).
    QRadioButton *m_createNew;    // Owned (child).
};

} // namespace kvs::ui
