#pragma once

#include <QString>
#include <QStringList>

// The one-time move of what kvs-admin kept in its former data folder. Releases before this one
// kept the demo database and the queue charts' history in the folder Qt derives from the
// organisation name "KVS Admin" (~/.local/share/KVS Admin/kvs-admin), and the audit log, SQL
// history and benchmark history in ~/.local/share/kvs-admin; now everything is in the one data
// folder (kvs/data_folder.h).
namespace kvs::ui {

// What the move did.
struct DataFolderMove
{
    QStringList moved; // names moved into the data folder
    QStringList kept;  // names left behind: the data folder holds one of that name already
    QString problem;   // why a rename failed, or empty
};

// $XDG_DATA_HOME/KVS Admin/kvs-admin, the former folder.
[[nodiscard]] QString legacyDataFolderPath();

// Moves every entry of the former folder into the data folder (created 0700 when missing), by
// rename, unless the data folder holds one of that name already (then it stays where it is);
// removes the former folder (and its "KVS Admin" parent) once empty. Does nothing when there is
// no former folder. Blocking renames of a few entries: called once at start, before any window
// or database exists. Thread rule: any thread, one call at a time.
DataFolderMove moveLegacyDataFolder();

} // namespace kvs::ui
