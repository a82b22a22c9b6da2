#pragma once

namespace kvs::ui {

class DatabaseView;
class ServerRoleStatus;

// Shows what a PostgreSQL tab's server is (ServerRoleStatus, issue 33) in the tab's tool bar,
// beside the mode: "Replica of HOST, replay lag N s" on a standby, "Now connected to HOST" after a
// failover; on a standby Allow writes is off, its tooltip saying why. Beside it, whether the
// connection is encrypted and how (label "connectionTls": "TLS: TLSv1.3, CIPHER" or "Not
// encrypted"). Returns the status (a child of view, named "serverRoleStatus"; its label is
// "serverRole"). Thread rule: GUI thread only.
ServerRoleStatus *addServerRoleStatus(DatabaseView &view);

} // namespace kvs::ui
