<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AnalysisTexts</name>
    <message>
        <source>no expiry</source>
        <translation>kein Ablauf</translation>
    </message>
    <message>
        <source>expired, not cleaned</source>
        <translation>abgelaufen, nicht bereinigt</translation>
    </message>
    <message>
        <source>under 1 h</source>
        <translation>unter 1 h</translation>
    </message>
    <message>
        <source>1–4 h</source>
        <translation>1–4 h</translation>
    </message>
    <message>
        <source>4–12 h</source>
        <translation>4–12 h</translation>
    </message>
    <message>
        <source>12–24 h</source>
        <translation>12–24 h</translation>
    </message>
    <message>
        <source>1–7 days</source>
        <translation>1–7 Tage</translation>
    </message>
    <message>
        <source>later</source>
        <translation>später</translation>
    </message>
</context>
<context>
    <name>AuditedJob</name>
    <message>
        <source>%1

The audit log cannot be written (%2): this action would not be recorded. Run it without an audit entry?</source>
        <translation>%1

Das Audit-Protokoll kann nicht geschrieben werden (%2): Diese Aktion würde nicht protokolliert. Ohne Protokolleintrag ausführen?</translation>
    </message>
</context>
<context>
    <name>BenchRunText</name>
    <message>
        <source>Stopped early: no rate held so far.</source>
        <translation>Vorzeitig beendet: bisher hat keine Rate gehalten.</translation>
    </message>
    <message>
        <source>Even the first step broke: %1</source>
        <translation>Schon die erste Stufe ist gebrochen: %1</translation>
    </message>
    <message>
        <source>Stopped early: %1 calls/s held so far.</source>
        <translation>Vorzeitig beendet: bisher haben %1 Aufrufe/s gehalten.</translation>
    </message>
    <message>
        <source>Capacity: every step held, up to %1 calls/s.</source>
        <translation>Kapazität: jede Stufe hat gehalten, bis %1 Aufrufe/s.</translation>
    </message>
    <message>
        <source>Capacity: %1 calls/s held; %2 calls/s broke.</source>
        <translation>Kapazität: %1 Aufrufe/s haben gehalten; %2 Aufrufe/s sind gebrochen.</translation>
    </message>
    <message>
        <source>Stopped early after %1 s: %2 ops/s, a partial result.</source>
        <translation>Nach %1 s vorzeitig beendet: %2 Ops/s, ein Teilergebnis.</translation>
    </message>
    <message>
        <source>Finished: %1 ops/s.</source>
        <translation>Fertig: %1 Ops/s.</translation>
    </message>
    <message>
        <source>The SLO held.</source>
        <translation>Das SLO hat gehalten.</translation>
    </message>
    <message>
        <source>The SLO broke: %1.</source>
        <translation>Das SLO ist gebrochen: %1.</translation>
    </message>
    <message>
        <source>Step %1 at %2 calls/s (run again: it broke):</source>
        <translation>Stufe %1 mit %2 Aufrufen/s (wiederholt, weil sie gebrochen ist):</translation>
    </message>
    <message>
        <source>Step %1 at %2 calls/s:</source>
        <translation>Stufe %1 mit %2 Aufrufen/s:</translation>
    </message>
    <message>
        <source>%1 warm-up.</source>
        <translation>%1 Aufwärmen.</translation>
    </message>
    <message>
        <source>%1 %2 s of %3 s.</source>
        <translation>%1 %2 s von %3 s.</translation>
    </message>
</context>
<context>
    <name>KeyPartText</name>
    <message>
        <source>string</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <source>number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>bigint</source>
        <translation>BigInt</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>Wahrheitswert</translation>
    </message>
    <message>
        <source>undecodable</source>
        <translation>nicht dekodierbar</translation>
    </message>
</context>
<context>
    <name>KeySearch</name>
    <message>
        <source>Not a valid regular expression: %1 (at character %2).</source>
        <translation>Kein gültiger regulärer Ausdruck: %1 (bei Zeichen %2).</translation>
    </message>
</context>
<context>
    <name>KvsAdmin</name>
    <message>
        <source>Admin and inspector for kvs databases.</source>
        <translation>Verwaltung und Inspektion von kvs-Datenbanken.</translation>
    </message>
    <message>
        <source>Start a new window even if KVS Admin is running already. Without it, the databases are handed to the running window and this process exits.</source>
        <translation>Ein neues Fenster starten, auch wenn KVS Admin bereits läuft. Ohne diese Option werden die Datenbanken an das laufende Fenster übergeben und dieser Prozess beendet sich.</translation>
    </message>
    <message>
        <source>Open the window, then quit with exit code 0 after it is first painted (for package checks). Implies --new-instance.</source>
        <translation>Das Fenster öffnen und sich nach dem ersten Zeichnen mit Exit-Code 0 beenden (für Paketprüfungen). Schließt --new-instance ein.</translation>
    </message>
    <message>
        <source>[database...]</source>
        <translation>[Datenbank...]</translation>
    </message>
    <message>
        <source>Start without the tabs of the last session (they come back by default, read-only, each on its view and key).</source>
        <translation>Ohne die Tabs der letzten Sitzung starten (standardmäßig kommen sie zurück, nur lesend, jeder mit seiner Ansicht und seinem Schlüssel).</translation>
    </message>
    <message>
        <source>A kvs database to open for inspection (read-only): a SQLite file, a postgres:// URL or libpq key=value text; several open in tabs, after the last session&apos;s. Default: the last session&apos;s tabs, else the demo database, created on the first run. A password given here is hidden from ps once read; PGPASSWORD, ~/.pgpass or the system keychain (the Connect dialog) keep it out of the command line altogether.</source>
        <translation>Eine kvs-Datenbank, die zur Inspektion geöffnet wird (nur lesend): eine SQLite-Datei, eine postgres://-URL oder libpq-Text im Format key=value; mehrere werden in Tabs geöffnet, nach denen der letzten Sitzung. Standard: die Tabs der letzten Sitzung, sonst die Demo-Datenbank, die beim ersten Start angelegt wird. Ein hier angegebenes Passwort wird nach dem Lesen vor ps verborgen; PGPASSWORD, ~/.pgpass oder der System-Schlüsselbund (der Verbinden-Dialog) halten es ganz aus der Befehlszeile heraus.</translation>
    </message>
</context>
<context>
    <name>KvsUi</name>
    <message>
        <source>Enter a PostgreSQL URL.</source>
        <translation>Geben Sie eine PostgreSQL-URL ein.</translation>
    </message>
    <message>
        <source>Not a valid URL: %1</source>
        <translation>Keine gültige URL: %1</translation>
    </message>
    <message>
        <source>A PostgreSQL URL starts with postgres:// or postgresql://.</source>
        <translation>Eine PostgreSQL-URL beginnt mit postgres:// oder postgresql://.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>local socket</source>
        <translation>lokaler Socket</translation>
    </message>
    <message>
        <source>%1, schema %2</source>
        <translation>%1, Schema %2</translation>
    </message>
    <message>
        <source>%1, prefix %2</source>
        <translation>%1, Präfix %2</translation>
    </message>
    <message>
        <source>the local socket</source>
        <translation>den lokalen Socket</translation>
    </message>
    <message>
        <source>The host name %1 could not be resolved.</source>
        <translation>Der Hostname %1 konnte nicht aufgelöst werden.</translation>
    </message>
    <message>
        <source>The TLS connection to %1 could not be set up.</source>
        <translation>Die TLS-Verbindung zu %1 konnte nicht aufgebaut werden.</translation>
    </message>
    <message>
        <source>The server refused user %1: wrong password, or no password given.</source>
        <translation>Der Server hat den Benutzer %1 abgewiesen: falsches oder kein Passwort.</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>(Standard)</translation>
    </message>
    <message>
        <source>The database %1 does not exist on the server.</source>
        <translation>Die Datenbank %1 existiert auf dem Server nicht.</translation>
    </message>
    <message>
        <source>No PostgreSQL server answered at %1.</source>
        <translation>Unter %1 hat kein PostgreSQL-Server geantwortet.</translation>
    </message>
    <message>
        <source>The database was written by a newer kvs (schema version %1); it is refused and left untouched.</source>
        <translation>Die Datenbank wurde von einem neueren kvs geschrieben (Schemaversion %1); sie wird abgelehnt und nicht verändert.</translation>
    </message>
    <message>
        <source>schema version %1 is older than this release (%2): opens for reading; migration offered.</source>
        <translation>Schemaversion %1 ist älter als diese Version (%2): wird lesend geöffnet; eine Migration wird angeboten.</translation>
    </message>
    <message>
        <source>Not a kvs database: it has no tables.</source>
        <translation>Keine kvs-Datenbank: Sie enthält keine Tabellen.</translation>
    </message>
    <message>
        <source>Not a kvs database: no kvs tables; tables found: %1.</source>
        <translation>Keine kvs-Datenbank: keine kvs-Tabellen; gefundene Tabellen: %1.</translation>
    </message>
    <message>
        <source>Table %1 exists but is not a kvs table; give kvs a table prefix of its own.</source>
        <translation>Die Tabelle %1 existiert, ist aber keine kvs-Tabelle; geben Sie kvs ein eigenes Tabellenpräfix.</translation>
    </message>
    <message>
        <source>%1 cannot be opened as an SQLite database.</source>
        <translation>%1 kann nicht als SQLite-Datenbank geöffnet werden.</translation>
    </message>
    <message>
        <source>The first read from the database failed.</source>
        <translation>Das erste Lesen aus der Datenbank ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>The connection settings are not valid.</source>
        <translation>Die Verbindungseinstellungen sind ungültig.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Open file</source>
        <translation>Datei öffnen</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>Auflösen</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>Authenticate</source>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>Schema check</source>
        <translation>Schemaprüfung</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <source>Connection OK: %1</source>
        <translation>Verbindung in Ordnung: %1</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1 is a folder, not a database file.</source>
        <translation>%1 ist ein Ordner, keine Datenbankdatei.</translation>
    </message>
    <message>
        <source>There is no file at %1. Choose &quot;Create a new database&quot; to create one there.</source>
        <translation>Unter %1 gibt es keine Datei. Wählen Sie „Neue Datenbank anlegen“, um dort eine anzulegen.</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>Der Ordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The folder %1 is not writable.</source>
        <translation>Der Ordner %1 ist nicht beschreibbar.</translation>
    </message>
    <message>
        <source>a new kvs database will be created at %1.</source>
        <translation>unter %1 wird eine neue kvs-Datenbank angelegt.</translation>
    </message>
    <message>
        <source>no entries yet</source>
        <translation>noch keine Einträge</translation>
    </message>
    <message>
        <source>entries readable</source>
        <translation>Einträge lesbar</translation>
    </message>
    <message>
        <source>a kvs database at schema version %1 (%2).</source>
        <translation>eine kvs-Datenbank mit Schemaversion %1 (%2).</translation>
    </message>
    <message>
        <source>a kvs database (%1).</source>
        <translation>eine kvs-Datenbank (%1).</translation>
    </message>
    <message>
        <source>PostgreSQL at %1, a kvs database at schema version %2 (%3).</source>
        <translation>PostgreSQL unter %1, eine kvs-Datenbank mit Schemaversion %2 (%3).</translation>
    </message>
    <message>
        <source>PostgreSQL at %1, a kvs database (%2).</source>
        <translation>PostgreSQL unter %1, eine kvs-Datenbank (%2).</translation>
    </message>
    <message>
        <source>Choose an SQLite file.</source>
        <translation>Wählen Sie eine SQLite-Datei.</translation>
    </message>
    <message>
        <source>Not a valid connection string: %1</source>
        <translation>Keine gültige Verbindungszeichenfolge: %1</translation>
    </message>
    <message>
        <source>staging</source>
        <translation>Staging</translation>
    </message>
    <message>
        <source>production</source>
        <translation>Produktion</translation>
    </message>
    <message>
        <source>development</source>
        <translation>Entwicklung</translation>
    </message>
    <message>
        <source>%1, through SSH %2</source>
        <translation>%1, über SSH %2</translation>
    </message>
    <message>
        <source>The SSH tunnel did not open.</source>
        <translation>Der SSH-Tunnel hat sich nicht geöffnet.</translation>
    </message>
</context>
<context>
    <name>MaintenanceActions</name>
    <message>
        <source>Checkpointed %1 of %2 WAL frames; the WAL file is now %3.</source>
        <translation>%1 von %2 WAL-Frames zurückgeschrieben; die WAL-Datei ist jetzt %3 groß.</translation>
    </message>
    <message>
        <source>Other connections kept it from finishing: run it again when they are idle.</source>
        <translation>Andere Verbindungen haben den Abschluss verhindert: erneut ausführen, wenn sie ruhen.</translation>
    </message>
    <message>
        <source>Vacuumed: the file went from %1 to %2 (%3 reclaimed).</source>
        <translation>VACUUM ausgeführt: die Datei schrumpfte von %1 auf %2 (%3 freigegeben).</translation>
    </message>
    <message>
        <source>Optimized: the planner&apos;s statistics are up to date.</source>
        <translation>Optimiert: die Statistiken des Planers sind aktuell.</translation>
    </message>
    <message numerus="yes">
        <source>Removed %Ln expired entries.</source>
        <translation>
            <numerusform>%Ln abgelaufener Eintrag entfernt.</numerusform>
            <numerusform>%Ln abgelaufene Einträge entfernt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cleaned the queue: %Ln message(s) removed or dead-lettered (finished past their retention, or leases out of attempts).</source>
        <translation>
            <numerusform>Warteschlange bereinigt: %Ln Nachricht entfernt oder in die Dead-Letter-Ablage verschoben (abgeschlossen und über die Aufbewahrungszeit hinaus, oder Lease ohne verbleibende Versuche).</numerusform>
            <numerusform>Warteschlange bereinigt: %Ln Nachrichten entfernt oder in die Dead-Letter-Ablage verschoben (abgeschlossen und über die Aufbewahrungszeit hinaus, oder Leases ohne verbleibende Versuche).</numerusform>
        </translation>
    </message>
    <message>
        <source>Vacuumed and analyzed the store&apos;s tables: the dead rows&apos; space is free for reuse and the planner&apos;s statistics are new.</source>
        <translation>VACUUM und ANALYZE der Tabellen des Stores ausgeführt: der Platz der toten Zeilen ist zur Wiederverwendung frei, und die Statistiken des Planers sind neu.</translation>
    </message>
    <message>
        <source>integrity check</source>
        <translation>Integritätsprüfung</translation>
    </message>
    <message>
        <source>quick check</source>
        <translation>Schnellprüfung</translation>
    </message>
    <message>
        <source>The %1 was cancelled: nothing is known about the file.</source>
        <translation>Die %1 wurde abgebrochen: über die Datei ist nichts bekannt.</translation>
    </message>
    <message>
        <source>No problems found (%1): the file is sound.</source>
        <translation>Keine Probleme gefunden (%1): die Datei ist in Ordnung.</translation>
    </message>
    <message numerus="yes">
        <source>The %1 found %Ln problem(s): %2</source>
        <translation>
            <numerusform>Die %1 fand %Ln Problem: %2</numerusform>
            <numerusform>Die %1 fand %Ln Probleme: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Checkpoint the WAL now?</source>
        <translation>Jetzt einen Checkpoint des WAL ausführen?</translation>
    </message>
    <message>
        <source>Copies the pages the WAL holds into the database file, as far as no reader still needs them. Nobody waits.</source>
        <translation>Kopiert die Seiten des WAL in die Datenbankdatei, soweit kein Leser sie noch braucht. Niemand wartet.</translation>
    </message>
    <message>
        <source>Checkpoint and truncate</source>
        <translation>Checkpoint und kürzen</translation>
    </message>
    <message>
        <source>Checkpoint the WAL and empty its file?</source>
        <translation>Checkpoint des WAL ausführen und seine Datei leeren?</translation>
    </message>
    <message>
        <source>Waits for the readers and writers of the moment to finish, copies every page the WAL holds into the database file, then truncates the WAL file to zero bytes. Writers wait while it runs.</source>
        <translation>Wartet, bis die laufenden Leser und Schreiber fertig sind, kopiert jede Seite des WAL in die Datenbankdatei und kürzt dann die WAL-Datei auf null Bytes. Schreiber warten, solange das läuft.</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>Optimieren</translation>
    </message>
    <message>
        <source>Run PRAGMA optimize?</source>
        <translation>PRAGMA optimize ausführen?</translation>
    </message>
    <message>
        <source>Refreshes the query planner&apos;s statistics where they are stale. The data stays as it is.</source>
        <translation>Erneuert die Statistiken des Abfrageplaners, wo sie veraltet sind. Die Daten bleiben, wie sie sind.</translation>
    </message>
    <message>
        <source>Vacuum</source>
        <translation>VACUUM</translation>
    </message>
    <message>
        <source>Vacuum the database file?</source>
        <translation>VACUUM der Datenbankdatei ausführen?</translation>
    </message>
    <message>
        <source>Rewrites the file without its free pages: it should reclaim about %1. Writers wait while it runs (readers go on), and it needs free disk space about the size of the file.</source>
        <translation>Schreibt die Datei ohne ihre freien Seiten neu: das sollte etwa %1 freigeben. Schreiber warten, solange es läuft (Leser nicht), und es braucht freien Plattenplatz etwa in der Größe der Datei.</translation>
    </message>
    <message>
        <source>Purge expired</source>
        <translation>Abgelaufene löschen</translation>
    </message>
    <message>
        <source>Delete every expired entry now?</source>
        <translation>Jetzt alle abgelaufenen Einträge löschen?</translation>
    </message>
    <message>
        <source>Deletes the entries whose time to live has passed (a store open for writing does so every 60 s). They read as absent already.</source>
        <translation>Löscht die Einträge, deren Lebensdauer abgelaufen ist (ein zum Schreiben geöffneter Store tut das alle 60 s). Sie lesen sich schon jetzt als nicht vorhanden.</translation>
    </message>
    <message>
        <source>Clean the queue</source>
        <translation>Warteschlange bereinigen</translation>
    </message>
    <message>
        <source>Clean the queue now?</source>
        <translation>Die Warteschlange jetzt bereinigen?</translation>
    </message>
    <message>
        <source>Deletes the finished messages past their retention and dead-letters the messages whose lease ended with no attempt left, as the store&apos;s 60 s maintenance does.</source>
        <translation>Löscht die abgeschlossenen Nachrichten nach ihrer Aufbewahrungszeit und verschiebt Nachrichten, deren Lease ohne verbleibenden Versuch endete, in die Dead-Letter-Ablage, wie es die 60-s-Wartung des Stores tut.</translation>
    </message>
    <message>
        <source>Vacuum and analyze</source>
        <translation>VACUUM und ANALYZE</translation>
    </message>
    <message>
        <source>Run VACUUM (ANALYZE) on the store&apos;s tables?</source>
        <translation>VACUUM (ANALYZE) für die Tabellen des Stores ausführen?</translation>
    </message>
    <message numerus="yes">
        <source>Frees the space of the dead rows (%Ln now, by the statistics) for reuse and refreshes the planner&apos;s statistics. Readers and writers go on; it reads every table, which loads the server while it runs. A session that holds back VACUUM (marked above) keeps the rows deleted since it began.</source>
        <translation>
            <numerusform>Gibt den Platz der toten Zeilen (laut Statistik jetzt %Ln) zur Wiederverwendung frei und erneuert die Statistiken des Planers. Leser und Schreiber arbeiten weiter; es liest jede Tabelle, was den Server belastet, solange es läuft. Eine Sitzung, die VACUUM aufhält (oben markiert), hält die seit ihrem Beginn gelöschten Zeilen fest.</numerusform>
            <numerusform>Gibt den Platz der toten Zeilen (laut Statistik jetzt %Ln) zur Wiederverwendung frei und erneuert die Statistiken des Planers. Leser und Schreiber arbeiten weiter; es liest jede Tabelle, was den Server belastet, solange es läuft. Eine Sitzung, die VACUUM aufhält (oben markiert), hält die seit ihrem Beginn gelöschten Zeilen fest.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PreferencePages</name>
    <message>
        <source>Key tree</source>
        <translation>Schlüsselbaum</translation>
    </message>
    <message>
        <source>Children read per page:</source>
        <translation>Pro Seite gelesene Kinder:</translation>
    </message>
    <message>
        <source>How many children of a node the tree reads at a time; more are read as you scroll. Applies to tabs opened from now on.</source>
        <translation>Wie viele Kinder eines Knotens der Baum auf einmal liest; weitere werden beim Blättern gelesen. Gilt für ab jetzt geöffnete Tabs.</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>Results listed at most:</source>
        <translation>Höchstens aufgeführte Treffer:</translation>
    </message>
    <message>
        <source>A search of keys or values stops once it has found this many, and says so.</source>
        <translation>Eine Suche nach Schlüsseln oder Werten hört auf, sobald sie so viele gefunden hat, und sagt das.</translation>
    </message>
    <message>
        <source>Queues</source>
        <translation>Warteschlangen</translation>
    </message>
    <message>
        <source>PostgreSQL poll interval:</source>
        <translation>Abfrageintervall bei PostgreSQL:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>How often the Queues view reads the overview of a PostgreSQL database (a SQLite file says itself when it changed). Applies to tabs opened from now on.</source>
        <translation>Wie oft die Warteschlangen-Ansicht die Übersicht einer PostgreSQL-Datenbank liest (eine SQLite-Datei meldet selbst, wenn sie sich geändert hat). Gilt für ab jetzt geöffnete Tabs.</translation>
    </message>
    <message>
        <source>Warn of no consumer after:</source>
        <translation>Vor fehlendem Verbraucher warnen nach:</translation>
    </message>
    <message>
        <source>A topic whose oldest due message waits longer than this is marked &quot;no consumer?&quot; in the Queues view.</source>
        <translation>Ein Thema, dessen älteste fällige Nachricht länger als das wartet, wird in der Warteschlangen-Ansicht mit „kein Verbraucher?“ markiert.</translation>
    </message>
    <message>
        <source>Warn of leases expiring within:</source>
        <translation>Vor ablaufenden Leases warnen innerhalb von:</translation>
    </message>
    <message>
        <source>A topic with a message whose lease ends within this time is marked in the Queues view: its consumer is slow or stuck, and the message will be delivered again. Applies to tabs opened from now on.</source>
        <translation>Ein Thema mit einer Nachricht, deren Lease innerhalb dieser Zeit endet, wird in der Warteschlangen-Ansicht markiert: Sein Verbraucher ist langsam oder hängt, und die Nachricht wird erneut zugestellt. Gilt für ab jetzt geöffnete Tabs.</translation>
    </message>
    <message>
        <source>SQL console</source>
        <translation>SQL-Konsole</translation>
    </message>
    <message>
        <source>Close an idle result after:</source>
        <translation>Ein ruhendes Ergebnis schließen nach:</translation>
    </message>
    <message>
        <source>A result with more rows than one page keeps its read-only transaction open, which holds the database&apos;s snapshot (PostgreSQL cannot vacuum, SQLite cannot checkpoint). It is closed once no further page was read for this long; the rows read stay in the grid.</source>
        <translation>Ein Ergebnis mit mehr Zeilen als eine Seite hält seine Nur-Lese-Transaktion offen und damit den Schnappschuss der Datenbank (PostgreSQL kann nicht aufräumen, SQLite keinen Checkpoint schreiben). Es wird geschlossen, sobald so lange keine weitere Seite gelesen wurde; die gelesenen Zeilen bleiben in der Tabelle.</translation>
    </message>
    <message>
        <source>Production</source>
        <translation>Produktion</translation>
    </message>
    <message>
        <source>End writes after:</source>
        <translation>Schreiben beenden nach:</translation>
    </message>
    <message>
        <source> min without a write</source>
        <translation> min ohne Schreibzugriff</translation>
    </message>
    <message>
        <source>On a production tab, &quot;Allow writes&quot; ends by itself after this long without a write (the time does not count while a job of the tab runs).</source>
        <translation>In einem Produktions-Tab endet „Schreiben erlauben“ von selbst nach dieser Zeit ohne Schreibzugriff (solange ein Auftrag des Tabs läuft, zählt die Zeit nicht).</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>Stop an analysis after:</source>
        <translation>Analyse beenden nach:</translation>
    </message>
    <message>
        <source>An analysis of the key space reads every row once; it stops after this long with a partial report, which is shown but not saved.</source>
        <translation>Eine Analyse des Schlüsselraums liest jede Zeile einmal; nach dieser Zeit hört sie mit einem unvollständigen Bericht auf, der angezeigt, aber nicht gespeichert wird.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Transactions (*.json);;All files (*)</source>
        <translation>Transaktionen (*.json);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>QueueHistory</name>
    <message>
        <source>not a queue history file</source>
        <translation>keine Warteschlangen-Verlaufsdatei</translation>
    </message>
    <message>
        <source>written by a newer version (format %1)</source>
        <translation>von einer neueren Version geschrieben (Format %1)</translation>
    </message>
    <message>
        <source>damaged (it ends early or holds impossible values)</source>
        <translation>beschädigt (sie endet zu früh oder enthält unmögliche Werte)</translation>
    </message>
    <message>
        <source>a queue history of another database (%1)</source>
        <translation>der Warteschlangenverlauf einer anderen Datenbank (%1)</translation>
    </message>
    <message>
        <source>cannot write the queue history %1: %2</source>
        <translation>der Warteschlangenverlauf %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>no folder</source>
        <translation>kein Ordner</translation>
    </message>
</context>
<context>
    <name>ReferenceFigures</name>
    <message>
        <source>reference figures (%1)</source>
        <translation>Referenzwerte (%1)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>RunDifference</name>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <source>store</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>concurrency</source>
        <translation>Nebenläufigkeit</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>Rate</translation>
    </message>
    <message>
        <source>%1 ops/s</source>
        <translation>%1 Op./s</translation>
    </message>
    <message>
        <source>closed loop</source>
        <translation>geschlossene Schleife</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>distribution</source>
        <translation>Verteilung</translation>
    </message>
    <message>
        <source>the workload&apos;s own</source>
        <translation>die der Last</translation>
    </message>
    <message>
        <source>value size</source>
        <translation>Wertgröße</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>TTL share</source>
        <translation>TTL-Anteil</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>scan length</source>
        <translation>Scan-Länge</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>Aufwärmen</translation>
    </message>
    <message>
        <source>pool</source>
        <translation>Pool</translation>
    </message>
    <message>
        <source>the default</source>
        <translation>der Standard</translation>
    </message>
    <message>
        <source>durability</source>
        <translation>Dauerhaftigkeit</translation>
    </message>
    <message>
        <source>the store&apos;s default</source>
        <translation>der Standard des Speichers</translation>
    </message>
    <message>
        <source>listeners</source>
        <translation>Listener</translation>
    </message>
    <message>
        <source>handlers per listener</source>
        <translation>Handler je Listener</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>RunningJobs</name>
    <message>
        <source>a retry of the dead letters of &quot;%1&quot;</source>
        <translation>ein erneuter Versuch der toten Nachrichten von „%1“</translation>
    </message>
    <message>
        <source>a delete of the dead letters of &quot;%1&quot;</source>
        <translation>ein Löschen der toten Nachrichten von „%1“</translation>
    </message>
    <message>
        <source>a count of the dead letters of &quot;%1&quot;</source>
        <translation>ein Zählen der toten Nachrichten von „%1“</translation>
    </message>
    <message>
        <source>a benchmark run</source>
        <translation>ein Benchmark-Lauf</translation>
    </message>
    <message>
        <source>Close %1?</source>
        <translation>%1 schließen?</translation>
    </message>
    <message>
        <source>Still running in %1: %2. Closing cancels what still runs; what is done stays done.</source>
        <translation>In %1 läuft noch: %2. Schließen bricht ab, was noch läuft; was erledigt ist, bleibt erledigt.</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Close and cancel</source>
        <translation>Schließen und abbrechen</translation>
    </message>
</context>
<context>
    <name>ShortcutList</name>
    <message>
        <source>Window</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>Database tab</source>
        <translation>Datenbank-Tab</translation>
    </message>
    <message>
        <source>Go to the table&apos;s last row</source>
        <translation>Zur letzten Zeile der Tabelle</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tabellen</translation>
    </message>
    <message>
        <source>Go to the table&apos;s first row</source>
        <translation>Zur ersten Zeile der Tabelle</translation>
    </message>
</context>
<context>
    <name>TransactionRow</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 must be a finite number</source>
        <translation>%1 muss eine endliche Zahl sein</translation>
    </message>
    <message>
        <source>%1 must be at least %2</source>
        <translation>%1 muss mindestens %2 sein</translation>
    </message>
    <message>
        <source>%1 must be a whole number</source>
        <translation>%1 muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>Nutzlast</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Expiry (ms)</source>
        <translation>Ablauf (ms)</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>Delta</translation>
    </message>
    <message>
        <source>Delay (ms)</source>
        <translation>Verzögerung (ms)</translation>
    </message>
    <message>
        <source>Max attempts</source>
        <translation>Max. Versuche</translation>
    </message>
</context>
<context>
    <name>TreemapTiles</name>
    <message numerus="yes">
        <source>others (%Ln children)</source>
        <translation>
            <numerusform>andere (%Ln Kind)</numerusform>
            <numerusform>andere (%Ln Kinder)</numerusform>
        </translation>
    </message>
    <message>
        <source>(this key)</source>
        <translation>(dieser Schlüssel)</translation>
    </message>
</context>
<context>
    <name>ValueColumnText</name>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln Byte</numerusform>
            <numerusform>%Ln Bytes</numerusform>
        </translation>
    </message>
    <message>
        <source>expired</source>
        <translation>abgelaufen</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 T %2 h</translation>
    </message>
    <message>
        <source>%1 h %2 m</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 m %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
</context>
<context>
    <name>ValueSearch</name>
    <message>
        <source>Not a valid regular expression: %1 (at character %2).</source>
        <translation>Kein gültiger regulärer Ausdruck: %1 (bei Zeichen %2).</translation>
    </message>
</context>
<context>
    <name>ValueTypeName</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>undefined</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>Wahrheitswert</translation>
    </message>
    <message>
        <source>number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>string</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <source>bigint</source>
        <translation>BigInt</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>array</source>
        <translation>Array</translation>
    </message>
    <message>
        <source>object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Map</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Set</translation>
    </message>
</context>
<context>
    <name>kvs::ui</name>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>kvs::ui::AnalysisCharts</name>
    <message numerus="yes">
        <source>%Ln other kind(s)</source>
        <translation>
            <numerusform>%Ln anderer Typ</numerusform>
            <numerusform>%Ln andere Typen</numerusform>
        </translation>
    </message>
    <message>
        <source>Entries by value kind</source>
        <translation>Einträge nach Werttyp</translation>
    </message>
    <message>
        <source>Entries by expiry</source>
        <translation>Einträge nach Ablauf</translation>
    </message>
    <message>
        <source>Keys by size (bytes, from)</source>
        <translation>Schlüssel nach Größe (Bytes, ab)</translation>
    </message>
    <message>
        <source>Values by size (bytes, from)</source>
        <translation>Werte nach Größe (Bytes, ab)</translation>
    </message>
</context>
<context>
    <name>kvs::ui::AnalysisTables</name>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Value bytes</source>
        <translation>Wert-Bytes</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Expiry</source>
        <translation>Ablauf</translation>
    </message>
    <message>
        <source>Children</source>
        <translation>Kinder</translation>
    </message>
    <message>
        <source>Largest entries</source>
        <translation>Größte Einträge</translation>
    </message>
    <message>
        <source>Kinds</source>
        <translation>Typen</translation>
    </message>
    <message>
        <source>%1 entries, %2 (keys %3, values %4); %5 rows read in %6 s.</source>
        <translation>%1 Einträge, %2 (Schlüssel %3, Werte %4); %5 Zeilen in %6 s gelesen.</translation>
    </message>
    <message>
        <source>Partial: these figures cover the rows read before it stopped.</source>
        <translation>Unvollständig: Diese Zahlen umfassen die Zeilen, die vor dem Abbruch gelesen wurden.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::AnalysisView</name>
    <message>
        <source>Analyze</source>
        <translation>Analysieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export image…</source>
        <translation>Bild exportieren…</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>JSON exportieren…</translation>
    </message>
    <message>
        <source>all keys, or a prefix such as [&quot;users&quot;]</source>
        <translation>alle Schlüssel, oder ein Präfix wie [&quot;users&quot;]</translation>
    </message>
    <message>
        <source>The subtree to analyse, as a key literal; empty: the whole database.</source>
        <translation>Der zu analysierende Teilbaum als Schlüsselliteral; leer: die ganze Datenbank.</translation>
    </message>
    <message>
        <source>Tree levels below the prefix with figures per prefix.</source>
        <translation>Baumebenen unter dem Präfix mit Zahlen je Präfix.</translation>
    </message>
    <message>
        <source>Read every row once (only reading) and report where the entries, the bytes and the expiries are.</source>
        <translation>Jede Zeile einmal lesen (nur lesend) und berichten, wo die Einträge, die Bytes und die Abläufe liegen.</translation>
    </message>
    <message>
        <source>Not analysed yet.</source>
        <translation>Noch nicht analysiert.</translation>
    </message>
    <message>
        <source>The treemap, or the charts when they are shown, as PNG or SVG</source>
        <translation>Die Treemap, oder die Diagramme, wenn sie angezeigt werden, als PNG oder SVG</translation>
    </message>
    <message>
        <source>The report as JSON, as `kvs analyze --json` writes it</source>
        <translation>Der Bericht als JSON, wie `kvs analyze --json` ihn schreibt</translation>
    </message>
    <message>
        <source>Prefix:</source>
        <translation>Präfix:</translation>
    </message>
    <message>
        <source>Depth:</source>
        <translation>Tiefe:</translation>
    </message>
    <message>
        <source>Treemap</source>
        <translation>Treemap</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Saved reports</source>
        <translation>Gespeicherte Berichte</translation>
    </message>
    <message>
        <source>The database is not open.</source>
        <translation>Die Datenbank ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>The prefix is not a key literal: %1</source>
        <translation>Das Präfix ist kein Schlüsselliteral: %1</translation>
    </message>
    <message>
        <source>Reading the rows…</source>
        <translation>Die Zeilen werden gelesen…</translation>
    </message>
    <message>
        <source>%1 rows read in %2 s…</source>
        <translation>%1 Zeilen in %2 s gelesen…</translation>
    </message>
    <message>
        <source>%1 of about %2 rows read; about %3 s left…</source>
        <translation>%1 von etwa %2 Zeilen gelesen; noch etwa %3 s…</translation>
    </message>
    <message>
        <source>The analysis failed: %1</source>
        <translation>Die Analyse ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled: the database was opened again.</source>
        <translation>Abgebrochen: Die Datenbank wurde neu geöffnet.</translation>
    </message>
    <message>
        <source>Cancelled after %1 rows: the figures cover the rows read. Not saved.</source>
        <translation>Nach %1 Zeilen abgebrochen: Die Zahlen umfassen die gelesenen Zeilen. Nicht gespeichert.</translation>
    </message>
    <message>
        <source>The budget of %1 s (Preferences) ran out after %2 rows: the figures cover the rows read. Not saved.</source>
        <translation>Die Zeitvorgabe von %1 s (Einstellungen) war nach %2 Zeilen aufgebraucht: Die Zahlen umfassen die gelesenen Zeilen. Nicht gespeichert.</translation>
    </message>
    <message>
        <source>%1 rows read; saved as report %2.</source>
        <translation>%1 Zeilen gelesen; als Bericht %2 gespeichert.</translation>
    </message>
    <message>
        <source>%1 rows read.</source>
        <translation>%1 Zeilen gelesen.</translation>
    </message>
    <message>
        <source>Findings (%1)</source>
        <translation>Befunde (%1)</translation>
    </message>
    <message>
        <source>Key-space analysis: charts</source>
        <translation>Analyse des Schlüsselraums: Diagramme</translation>
    </message>
    <message>
        <source>Key-space analysis: treemap</source>
        <translation>Analyse des Schlüsselraums: Treemap</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export the report</source>
        <translation>Den Bericht exportieren</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export the image</source>
        <translation>Das Bild exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>Cancelling: waiting for the database to answer the page being read…</source>
        <translation>Wird abgebrochen: warte auf die Antwort der Datenbank auf die Seite, die gerade gelesen wird…</translation>
    </message>
    <message>
        <source>Cancelled after %1 rows. The database did not answer the page being read, so no figures are shown. Not saved.</source>
        <translation>Nach %1 Zeilen abgebrochen. Die Datenbank hat die gerade gelesene Seite nicht beantwortet, daher werden keine Zahlen gezeigt. Nicht gespeichert.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::AuditLogModel</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>Matched</source>
        <translation>Getroffen</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>No end was recorded: the action was killed, or it is still running.</source>
        <translation>Kein Ende protokolliert: Die Aktion wurde vorzeitig beendet, oder sie läuft noch.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>kvs::ui::AuditLogView</name>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>Prüfprotokoll</translation>
    </message>
    <message>
        <source>Export the audit log</source>
        <translation>Prüfprotokoll exportieren</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl);;All files (*)</source>
        <translation>JSON-Zeilen (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Queue actions of kvs-admin and kvs on this machine, newest first. File: %1</source>
        <translation>Warteschlangen-Aktionen von kvs-admin und kvs auf diesem Rechner, neueste zuerst. Datei: %1</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>Cannot read the audit log: %1</source>
        <translation>Das Prüfprotokoll kann nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s).</source>
        <translation>
            <numerusform>%Ln Eintrag.</numerusform>
            <numerusform>%Ln Einträge.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) could not be read.</source>
        <translation>
            <numerusform>%Ln Zeile konnte nicht gelesen werden.</numerusform>
            <numerusform>%Ln Zeilen konnten nicht gelesen werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Exported the audit log to %1.</source>
        <translation>Prüfprotokoll nach %1 exportiert.</translation>
    </message>
    <message>
        <source>Cannot export the audit log to %1: %2</source>
        <translation>Das Prüfprotokoll kann nicht nach %1 exportiert werden: %2</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BatchProgress</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchChart</name>
    <message>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>ops/s</source>
        <translation>Ops/s</translation>
    </message>
    <message>
        <source>Latency µs</source>
        <translation>Latenz µs</translation>
    </message>
    <message>
        <source>p50 µs</source>
        <translation>p50 µs</translation>
    </message>
    <message>
        <source>p99 µs</source>
        <translation>p99 µs</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchController</name>
    <message>
        <source>A benchmark is running already.</source>
        <translation>Es läuft bereits ein Benchmark.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchExports</name>
    <message>
        <source>Export JSON…</source>
        <translation>Als JSON exportieren…</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Als CSV exportieren…</translation>
    </message>
    <message>
        <source>Histogram…</source>
        <translation>Histogramm…</translation>
    </message>
    <message>
        <source>Chart as PNG…</source>
        <translation>Diagramm als PNG…</translation>
    </message>
    <message>
        <source>Chart as SVG…</source>
        <translation>Diagramm als SVG…</translation>
    </message>
    <message>
        <source>Save the run&apos;s latency histogram as HdrHistogram&apos;s percentile distribution (.hgrm), as wrk2 writes it.</source>
        <translation>Das Latenzhistogramm des Laufs als Perzentilverteilung von HdrHistogram (.hgrm) speichern, wie wrk2 sie schreibt.</translation>
    </message>
    <message>
        <source>Export the run as JSON</source>
        <translation>Den Lauf als JSON exportieren</translation>
    </message>
    <message>
        <source>JSON lines (*.json)</source>
        <translation>JSON-Zeilen (*.json)</translation>
    </message>
    <message>
        <source>Export the run as CSV</source>
        <translation>Den Lauf als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Save the chart as PNG</source>
        <translation>Das Diagramm als PNG speichern</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>Save the latency histogram</source>
        <translation>Latenzhistogramm speichern</translation>
    </message>
    <message>
        <source>HdrHistogram percentile distribution (*.hgrm)</source>
        <translation>HdrHistogram-Perzentilverteilung (*.hgrm)</translation>
    </message>
    <message>
        <source>Save the chart as SVG</source>
        <translation>Das Diagramm als SVG speichern</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>no run shown</source>
        <translation>kein Lauf angezeigt</translation>
    </message>
    <message>
        <source>no histogram of a run shown</source>
        <translation>kein Histogramm eines Laufs angezeigt</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>%1 geschrieben.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchForm</name>
    <message>
        <source>Choose…</source>
        <translation>Wählen…</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>Scratch SQLite file in a folder</source>
        <translation>Temporäre SQLite-Datei in einem Ordner</translation>
    </message>
    <message>
        <source>This PostgreSQL server (scratch kvsbench_ tables)</source>
        <translation>Dieser PostgreSQL-Server (temporäre kvsbench_-Tabellen)</translation>
    </message>
    <message>
        <source>The benchmark never touches the database&apos;s own data: it writes a scratch file, or scratch tables it creates and drops.</source>
        <translation>Der Benchmark rührt die eigenen Daten der Datenbank nie an: Er schreibt eine temporäre Datei oder temporäre Tabellen, die er anlegt und wieder löscht.</translation>
    </message>
    <message>
        <source>The custom mix: operation=weight, separated by commas.</source>
        <translation>Die eigene Mischung: Operation=Gewicht, durch Kommas getrennt.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>the workload&apos;s own</source>
        <translation>die des Workloads</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>gleichverteilt</translation>
    </message>
    <message>
        <source>zipfian</source>
        <translation>Zipf-verteilt</translation>
    </message>
    <message>
        <source>latest</source>
        <translation>neueste zuerst</translation>
    </message>
    <message>
        <source>sequential</source>
        <translation>der Reihe nach</translation>
    </message>
    <message>
        <source> bytes</source>
        <translation> Bytes</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>The share of writes given a TTL of an hour (none expires during the run).</source>
        <translation>Der Anteil der Schreibvorgänge mit einer TTL von einer Stunde (keiner läuft während des Laufs ab).</translation>
    </message>
    <message>
        <source> entries</source>
        <translation> Einträge</translation>
    </message>
    <message>
        <source>Entries per list() call of the scans (ycsb-e, list).</source>
        <translation>Einträge je list()-Aufruf der Scans (ycsb-e, list).</translation>
    </message>
    <message>
        <source>Handlers running at once per listener.</source>
        <translation>Gleichzeitig laufende Handler je Listener.</translation>
    </message>
    <message>
        <source>closed loop</source>
        <translation>geschlossene Schleife</translation>
    </message>
    <message>
        <source> ops/s</source>
        <translation> Ops/s</translation>
    </message>
    <message>
        <source>AsyncKVStore (calls in flight)</source>
        <translation>AsyncKVStore (gleichzeitige Aufrufe)</translation>
    </message>
    <message>
        <source>KVStore (one call at a time)</source>
        <translation>KVStore (ein Aufruf nach dem anderen)</translation>
    </message>
    <message>
        <source>the store&apos;s default</source>
        <translation>Vorgabe des Stores</translation>
    </message>
    <message>
        <source> connections</source>
        <translation> Verbindungen</translation>
    </message>
    <message>
        <source>normal (synchronous = NORMAL)</source>
        <translation>normal (synchronous = NORMAL)</translation>
    </message>
    <message>
        <source>full (synchronous = FULL)</source>
        <translation>voll (synchronous = FULL)</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>Ziel:</translation>
    </message>
    <message>
        <source>Scratch folder:</source>
        <translation>Temporärer Ordner:</translation>
    </message>
    <message>
        <source>Workload:</source>
        <translation>Workload:</translation>
    </message>
    <message>
        <source>Custom mix:</source>
        <translation>Eigene Mischung:</translation>
    </message>
    <message>
        <source>Measured:</source>
        <translation>Gemessen:</translation>
    </message>
    <message>
        <source>Warm-up:</source>
        <translation>Aufwärmen:</translation>
    </message>
    <message>
        <source>Keys:</source>
        <translation>Schlüssel:</translation>
    </message>
    <message>
        <source>Distribution:</source>
        <translation>Verteilung:</translation>
    </message>
    <message>
        <source>Value size:</source>
        <translation>Wertgröße:</translation>
    </message>
    <message>
        <source>TTL share:</source>
        <translation>TTL-Anteil:</translation>
    </message>
    <message>
        <source>Scan length:</source>
        <translation>Scan-Länge:</translation>
    </message>
    <message>
        <source>Listeners:</source>
        <translation>Listener:</translation>
    </message>
    <message>
        <source>Per listener:</source>
        <translation>Je Listener:</translation>
    </message>
    <message>
        <source>Rate:</source>
        <translation>Rate:</translation>
    </message>
    <message>
        <source>Store:</source>
        <translation>Store:</translation>
    </message>
    <message>
        <source>Pool size:</source>
        <translation>Pool-Größe:</translation>
    </message>
    <message>
        <source>Durability:</source>
        <translation>Dauerhaftigkeit:</translation>
    </message>
    <message>
        <source>The PostgreSQL server of %1 (scratch kvsbench_ tables)</source>
        <translation>Der PostgreSQL-Server von %1 (temporäre kvsbench_-Tabellen)</translation>
    </message>
    <message>
        <source>Producers:</source>
        <translation>Produzenten:</translation>
    </message>
    <message>
        <source>Concurrency:</source>
        <translation>Parallelität:</translation>
    </message>
    <message>
        <source>Enqueue calls in flight.</source>
        <translation>Gleichzeitig laufende enqueue-Aufrufe.</translation>
    </message>
    <message>
        <source>Calls in flight on the async store.</source>
        <translation>Gleichzeitig laufende Aufrufe auf dem asynchronen Store.</translation>
    </message>
    <message>
        <source>Folder of the scratch file</source>
        <translation>Ordner der temporären Datei</translation>
    </message>
    <message>
        <source>Keys and values shaped like this database</source>
        <translation>Schlüssel und Werte wie in dieser Datenbank geformt</translation>
    </message>
    <message>
        <source>Thresholds the run must keep: p50, p90, p99, p999 or max below a time (us, ms, s), errors or late below a share in %, separated by commas. Find capacity searches the highest rate that keeps them.</source>
        <translation>Schwellen, die der Lauf einhalten muss: p50, p90, p99, p999 oder max unter einer Zeit (us, ms, s), errors oder late unter einem Anteil in %, durch Kommas getrennt. „Kapazität suchen“ sucht die höchste Rate, die sie einhält.</translation>
    </message>
    <message>
        <source>SLO:</source>
        <translation>SLO:</translation>
    </message>
    <message>
        <source>Sample up to 1,000 keys of this database (read-only) and give the scratch keys their depth and part kinds and the values their sizes. Which keys are picked stays the workload&apos;s distribution.</source>
        <translation>Bis zu 1.000 Schlüssel dieser Datenbank nur lesend stichprobenartig lesen und den Testschlüsseln deren Tiefe und Teilarten, den Werten deren Größen geben. Welche Schlüssel gewählt werden, bestimmt weiter die Verteilung der Last.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchHistoryModel</name>
    <message>
        <source>%1 ops/s</source>
        <translation>%1 Ops/s</translation>
    </message>
    <message>
        <source>closed loop</source>
        <translation>geschlossene Schleife</translation>
    </message>
    <message>
        <source>stopped early</source>
        <translation>vorzeitig beendet</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Store</source>
        <translation>Store</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Parallelität</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>ops/s</source>
        <translation>Ops/s</translation>
    </message>
    <message>
        <source>Partial</source>
        <translation>Teilweise</translation>
    </message>
    <message>
        <source>Published by the reference, measured on another machine: ops/s only.</source>
        <translation>Von der Referenz veröffentlicht, auf einer anderen Maschine gemessen: nur ops/s.</translation>
    </message>
    <message>
        <source>capacity: %1 ops/s</source>
        <translation>Kapazität: %1 Ops/s</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchHistoryPanel</name>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Delete saved runs</source>
        <translation>Gespeicherte Läufe löschen</translation>
    </message>
    <message>
        <source>Delete the selected runs from the history.</source>
        <translation>Die ausgewählten Läufe aus dem Verlauf löschen.</translation>
    </message>
    <message>
        <source>Select two or more runs to compare them.</source>
        <translation>Zwei oder mehr Läufe auswählen, um sie zu vergleichen.</translation>
    </message>
    <message>
        <source>Saved runs:</source>
        <translation>Gespeicherte Läufe:</translation>
    </message>
    <message>
        <source>Deleted saved run %1.</source>
        <translation>Gespeicherten Lauf %1 gelöscht.</translation>
    </message>
    <message>
        <source>Deleted the %1 saved runs %2.</source>
        <translation>Die %1 gespeicherten Läufe %2 gelöscht.</translation>
    </message>
    <message>
        <source>Run #%1 of %2 cannot be read and is left out: %3</source>
        <translation>Lauf #%1 aus %2 kann nicht gelesen werden und wird ausgelassen: %3</translation>
    </message>
    <message>
        <source>Delete saved run %1 from the benchmark history? This cannot be undone.</source>
        <translation>Gespeicherten Lauf %1 aus dem Benchmark-Verlauf löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Delete the %1 saved runs %2 from the benchmark history? This cannot be undone.</source>
        <translation>Die %1 gespeicherten Läufe %2 aus dem Benchmark-Verlauf löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchPane</name>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird angehalten…</translation>
    </message>
    <message>
        <source>Saved as run #%1.</source>
        <translation>Als Lauf #%1 gespeichert.</translation>
    </message>
    <message>
        <source>(partial)</source>
        <translation>(teilweise)</translation>
    </message>
    <message>
        <source>Find capacity</source>
        <translation>Kapazität suchen</translation>
    </message>
    <message>
        <source>Run fixed-rate steps, doubling the rate and then bisecting, to find the highest rate that keeps the SLO (and starts at most 5 % of its calls late). Each step runs the warm-up and the measured seconds.</source>
        <translation>Stufen mit fester Rate laufen lassen, die Rate verdoppeln und dann halbieren, um die höchste Rate zu finden, die das SLO einhält (und höchstens 5 % ihrer Aufrufe zu spät startet). Jede Stufe läuft mit dem Aufwärmen und den gemessenen Sekunden.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchResultModel</name>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>ops/s</source>
        <translation>Ops/s</translation>
    </message>
    <message>
        <source>p50 µs</source>
        <translation>p50 µs</translation>
    </message>
    <message>
        <source>p90 µs</source>
        <translation>p90 µs</translation>
    </message>
    <message>
        <source>p99 µs</source>
        <translation>p99 µs</translation>
    </message>
    <message>
        <source>p99.9 µs</source>
        <translation>p99,9 µs</translation>
    </message>
    <message>
        <source>max µs</source>
        <translation>max. µs</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchRunProgress</name>
    <message>
        <source>Loading %1 keys…</source>
        <translation>%1 Schlüssel werden geladen…</translation>
    </message>
    <message>
        <source>Warm-up: %1 s left.</source>
        <translation>Aufwärmen: noch %1 s.</translation>
    </message>
    <message>
        <source>%1 s of %2 s, %3 s left.</source>
        <translation>%1 s von %2 s, noch %3 s.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::BenchRunStarter</name>
    <message>
        <source>The SLO does not read: %1</source>
        <translation>Das SLO ist nicht lesbar: %1</translation>
    </message>
    <message>
        <source>This database is not on a PostgreSQL server.</source>
        <translation>Diese Datenbank liegt auf keinem PostgreSQL-Server.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::CapacityChart</name>
    <message>
        <source>Rate asked (calls/s)</source>
        <translation>Verlangte Rate (Aufrufe/s)</translation>
    </message>
    <message>
        <source>Achieved (calls/s)</source>
        <translation>Erreicht (Aufrufe/s)</translation>
    </message>
    <message>
        <source>p99 ms</source>
        <translation>p99 ms</translation>
    </message>
    <message>
        <source>achieved calls/s</source>
        <translation>erreichte Aufrufe/s</translation>
    </message>
    <message>
        <source>held</source>
        <translation>gehalten</translation>
    </message>
    <message>
        <source>broke</source>
        <translation>gebrochen</translation>
    </message>
    <message>
        <source>Capacity search</source>
        <translation>Kapazitätssuche</translation>
    </message>
    <message>
        <source>Highest rate that held: %1 calls/s</source>
        <translation>Höchste Rate, die gehalten hat: %1 Aufrufe/s</translation>
    </message>
    <message>
        <source>No rate held yet</source>
        <translation>Noch keine Rate hat gehalten</translation>
    </message>
</context>
<context>
    <name>kvs::ui::CellGrid</name>
    <message numerus="yes">
        <source>… (%Ln bytes)</source>
        <translation>
            <numerusform>… (%Ln Byte)</numerusform>
            <numerusform>… (%Ln Bytes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln Byte</numerusform>
            <numerusform>%Ln Bytes</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
</context>
<context>
    <name>kvs::ui::CommitHistoryModel</name>
    <message numerus="yes">
        <source>%Ln check(s)</source>
        <translation>
            <numerusform>%Ln Prüfung</numerusform>
            <numerusform>%Ln Prüfungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln mutation(s)</source>
        <translation>
            <numerusform>%Ln Änderung</numerusform>
            <numerusform>%Ln Änderungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operationen</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ConflictView</name>
    <message>
        <source>This key was changed by someone else</source>
        <translation>Dieser Schlüssel wurde von jemand anderem geändert</translation>
    </message>
    <message>
        <source>Another writer changed the value after you loaded it, so your save was refused and nothing was written. Compare the three values and choose how to go on.</source>
        <translation>Ein anderer Schreiber hat den Wert geändert, nachdem Sie ihn geladen haben. Deshalb wurde Ihr Speichern abgelehnt und nichts geschrieben. Vergleichen Sie die drei Werte und wählen Sie, wie es weitergeht.</translation>
    </message>
    <message>
        <source>Your edit</source>
        <translation>Ihre Änderung</translation>
    </message>
    <message>
        <source>Keep mine (overwrite current)</source>
        <translation>Meine behalten (aktuellen überschreiben)</translation>
    </message>
    <message>
        <source>Take current</source>
        <translation>Aktuellen übernehmen</translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation>Weiter bearbeiten</translation>
    </message>
    <message>
        <source>Loaded (version %1)</source>
        <translation>Geladen (Version %1)</translation>
    </message>
    <message>
        <source>Current (version %1)</source>
        <translation>Aktuell (Version %1)</translation>
    </message>
    <message>
        <source>Current (deleted)</source>
        <translation>Aktuell (gelöscht)</translation>
    </message>
    <message>
        <source>Keep mine (create it again)</source>
        <translation>Meine behalten (neu anlegen)</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ConnectionDialog</name>
    <message>
        <source>No system keychain is available (%1): passwords are asked for when needed and not remembered.</source>
        <translation>Kein System-Schlüsselbund verfügbar (%1): Passwörter werden bei Bedarf abgefragt und nicht gespeichert.</translation>
    </message>
    <message>
        <source>no backend</source>
        <translation>kein Backend</translation>
    </message>
    <message>
        <source>S&amp;QLite file</source>
        <translation>S&amp;QLite-Datei</translation>
    </message>
    <message>
        <source>Postgre&amp;SQL server</source>
        <translation>Postgre&amp;SQL-Server</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>Open a kvs Database</source>
        <translation>kvs-Datenbank öffnen</translation>
    </message>
    <message>
        <source>&amp;Remove from recent connections</source>
        <translation>Aus den letzten Verbindungen &amp;entfernen</translation>
    </message>
    <message>
        <source>Recent connections</source>
        <translation>Letzte Verbindungen</translation>
    </message>
    <message>
        <source>None (tables kv, queue, meta)</source>
        <translation>Keines (Tabellen kv, queue, meta)</translation>
    </message>
    <message>
        <source>Table &amp;prefix:</source>
        <translation>Tabellen&amp;präfix:</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>Reading the password from the system keychain…</source>
        <translation>Passwort wird aus dem System-Schlüsselbund gelesen …</translation>
    </message>
    <message>
        <source>Testing the connection…</source>
        <translation>Verbindung wird getestet …</translation>
    </message>
    <message>
        <source>No recent connections yet</source>
        <translation>Noch keine letzten Verbindungen</translation>
    </message>
    <message>
        <source>Connections</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <source>Locate the Database File</source>
        <translation>Datenbankdatei suchen</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation>SQLite-Datenbanken (*.db *.sqlite *.sqlite3);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Database File Missing</source>
        <translation>Datenbankdatei fehlt</translation>
    </message>
    <message>
        <source>The file of &quot;%1&quot; is missing: %2</source>
        <translation>Die Datei von „%1“ fehlt: %2</translation>
    </message>
    <message>
        <source>It may have been moved, renamed or deleted. Locate it to update the saved connection and open it.</source>
        <translation>Sie wurde vielleicht verschoben, umbenannt oder gelöscht. Suchen Sie sie, um die gespeicherte Verbindung zu aktualisieren und sie zu öffnen.</translation>
    </message>
    <message>
        <source>Locate…</source>
        <translation>Suchen…</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ConsoleController</name>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseBackup</name>
    <message>
        <source>&amp;Back Up…</source>
        <translation>&amp;Sichern…</translation>
    </message>
    <message>
        <source>Copy this database to a new file, consistent, while writers go on</source>
        <translation>Diese Datenbank konsistent in eine neue Datei kopieren, während Schreiber weiterarbeiten</translation>
    </message>
    <message>
        <source>pg_dump archives (*.backup *.dump)</source>
        <translation>pg_dump-Archive (*.backup *.dump)</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite)</source>
        <translation>SQLite-Datenbanken (*.db *.sqlite)</translation>
    </message>
    <message>
        <source>Back Up %1</source>
        <translation>%1 sichern</translation>
    </message>
    <message numerus="yes">
        <source>Backed up %Ln entries (%1) to %2.</source>
        <translation>
            <numerusform>%Ln Eintrag (%1) nach %2 gesichert.</numerusform>
            <numerusform>%Ln Einträge (%1) nach %2 gesichert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Backing up %1…</source>
        <translation>%1 wird gesichert…</translation>
    </message>
    <message>
        <source>Backup done</source>
        <translation>Sicherung fertig</translation>
    </message>
    <message>
        <source>Backup failed</source>
        <translation>Sicherung fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseImport</name>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren …</translation>
    </message>
    <message>
        <source>Write the entries of a kvs export file (JSON lines) into this database, at the keys the file names</source>
        <translation>Die Einträge einer kvs-Exportdatei (JSON Lines) in diese Datenbank schreiben, unter den Schlüsseln, die die Datei nennt</translation>
    </message>
    <message>
        <source>Allow writes first: importing writes to the database.</source>
        <translation>Erst Schreiben erlauben: Importieren schreibt in die Datenbank.</translation>
    </message>
    <message>
        <source>Import entries from</source>
        <translation>Einträge importieren aus</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines (*.jsonl);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseRestore</name>
    <message>
        <source>&amp;Restore…</source>
        <translation>&amp;Wiederherstellen…</translation>
    </message>
    <message>
        <source>Replace this database&apos;s contents with a backup</source>
        <translation>Den Inhalt dieser Datenbank durch eine Sicherung ersetzen</translation>
    </message>
    <message>
        <source>Allow writes first: restoring replaces the database.</source>
        <translation>Zuerst Schreiben erlauben: Wiederherstellen ersetzt die Datenbank.</translation>
    </message>
    <message>
        <source>Restore %1 from</source>
        <translation>%1 wiederherstellen aus</translation>
    </message>
    <message>
        <source>Restore %1</source>
        <translation>%1 wiederherstellen</translation>
    </message>
    <message>
        <source>Replace everything %1 holds with the backup %2?</source>
        <translation>Alles, was %1 enthält, durch die Sicherung %2 ersetzen?</translation>
    </message>
    <message>
        <source>Every entry, message and versionstamp of the database is replaced by the backup&apos;s, as a whole, not merged. What it holds now is lost unless you backed it up (File ▸ Back Up…).</source>
        <translation>Alle Einträge, Nachrichten und Versionsstempel der Datenbank werden durch die der Sicherung ersetzt, als Ganzes, nicht zusammengeführt. Was sie jetzt enthält, geht verloren, sofern Sie es nicht gesichert haben (Datei ▸ Sichern…).</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>replace everything %1 holds with a backup</source>
        <translation>alles, was %1 enthält, durch eine Sicherung ersetzen</translation>
    </message>
    <message>
        <source>Restore failed</source>
        <translation>Wiederherstellen fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <source>Restored %Ln entries from %1.</source>
        <translation>
            <numerusform>%Ln Eintrag aus %1 wiederhergestellt.</numerusform>
            <numerusform>%Ln Einträge aus %1 wiederhergestellt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Restore done</source>
        <translation>Wiederherstellen fertig</translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseSession</name>
    <message>
        <source>&lt;li&gt;Queue: adds the lease columns (locked_until, lease_token, last_error, finished_at) and two indexes; messages being processed are released for redelivery. On PostgreSQL the version and id columns become BIGINT, which rewrites those tables under an exclusive lock.&lt;/li&gt;</source>
        <translation>&lt;li&gt;Warteschlange: fügt die Lease-Spalten (locked_until, lease_token, last_error, finished_at) und zwei Indizes hinzu; Nachrichten in Bearbeitung werden zur erneuten Zustellung freigegeben. Unter PostgreSQL werden die Spalten version und id zu BIGINT, wodurch diese Tabellen unter einer exklusiven Sperre neu geschrieben werden.&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;Adds the versionstamp counter, so every write gets a version no earlier write had.&lt;/li&gt;&lt;li&gt;Rewrites keys stored in the kvs 0.4 layout of negative bigints and -0 (values and versions are kept).&lt;/li&gt;</source>
        <translation>&lt;li&gt;Fügt den Versionstempel-Zähler hinzu, damit jeder Schreibvorgang eine Version erhält, die kein früherer hatte.&lt;/li&gt;&lt;li&gt;Schreibt Schlüssel um, die im kvs-0.4-Format für negative BigInts und -0 gespeichert sind (Werte und Versionen bleiben erhalten).&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;This database is at kvs schema version %1. Writing needs version %2, so KVS Admin would upgrade it in one transaction (all or nothing):&lt;/p&gt;&lt;ul&gt;%3&lt;/ul&gt;&lt;p&gt;Applications still running an older kvs release will refuse the upgraded database. Reading does not need the upgrade.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Datenbank hat die kvs-Schemaversion %1. Schreiben erfordert Version %2, daher würde KVS Admin sie in einer Transaktion aktualisieren (alles oder nichts):&lt;/p&gt;&lt;ul&gt;%3&lt;/ul&gt;&lt;p&gt;Anwendungen, die noch eine ältere kvs-Version verwenden, lehnen die aktualisierte Datenbank ab. Zum Lesen ist die Aktualisierung nicht nötig.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseUndo</name>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>New Key</source>
        <translation>Neuer Schlüssel</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Expiry Change</source>
        <translation>Ablaufänderung</translation>
    </message>
    <message>
        <source>Increment</source>
        <translation>Erhöhen</translation>
    </message>
    <message>
        <source>Transaction Commit</source>
        <translation>Transaktions-Commit</translation>
    </message>
    <message>
        <source>Delete of Search Results</source>
        <translation>Löschen von Suchergebnissen</translation>
    </message>
    <message>
        <source>Expiry Change of Search Results</source>
        <translation>Ablaufänderung von Suchergebnissen</translation>
    </message>
    <message>
        <source>Undo is off for this tab: %1</source>
        <translation>Rückgängig ist für diesen Tab aus: %1</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>Nichts rückgängig zu machen.</translation>
    </message>
    <message>
        <source>Nothing to redo.</source>
        <translation>Nichts zu wiederholen.</translation>
    </message>
    <message>
        <source>Not undone: %1</source>
        <translation>Nicht rückgängig gemacht: %1</translation>
    </message>
    <message>
        <source>Nothing was reverted.</source>
        <translation>Nichts wurde zurückgesetzt.</translation>
    </message>
    <message>
        <source>Not redone: %1</source>
        <translation>Nicht wiederholt: %1</translation>
    </message>
    <message>
        <source>Not redone: a key changed while it was read; nothing was written.</source>
        <translation>Nicht wiederholt: Ein Schlüssel hat sich beim Lesen geändert; nichts wurde geschrieben.</translation>
    </message>
    <message>
        <source>Not undone: a key changed while it was read; nothing was written.</source>
        <translation>Nicht rückgängig gemacht: Ein Schlüssel hat sich beim Lesen geändert; nichts wurde geschrieben.</translation>
    </message>
    <message numerus="yes">
        <source>Redid %1: %Ln key(s) written again.</source>
        <translation>
            <numerusform>%1 wiederholt: %Ln Schlüssel erneut geschrieben.</numerusform>
            <numerusform>%1 wiederholt: %Ln Schlüssel erneut geschrieben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Undid %1: %Ln key(s) changed back.</source>
        <translation>
            <numerusform>%1 rückgängig gemacht: %Ln Schlüssel zurückgesetzt.</numerusform>
            <numerusform>%1 rückgängig gemacht: %Ln Schlüssel zurückgesetzt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) that changed since were left alone.</source>
        <translation>
            <numerusform>%Ln seither geänderter Schlüssel blieb unberührt.</numerusform>
            <numerusform>%Ln seither geänderte Schlüssel blieben unberührt.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Rückgängig: %1</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Wiederholen: %1</translation>
    </message>
    <message>
        <source>Undo needs writes allowed and the undo journal on (Preferences ▸ Undo).</source>
        <translation>Rückgängig braucht erlaubte Schreibzugriffe und das eingeschaltete Rückgängig-Journal (Einstellungen ▸ Rückgängig).</translation>
    </message>
    <message>
        <source>Restored from the recycle bin.</source>
        <translation>Aus dem Papierkorb wiederhergestellt.</translation>
    </message>
    <message>
        <source>Redoing %1…</source>
        <translation>%1 wird wiederholt…</translation>
    </message>
    <message>
        <source>Undoing %1…</source>
        <translation>%1 wird rückgängig gemacht…</translation>
    </message>
    <message numerus="yes">
        <source>Redid part of %1: %Ln key(s) written again.</source>
        <translation>
            <numerusform>%1 teilweise wiederholt: %Ln Schlüssel erneut geschrieben.</numerusform>
            <numerusform>%1 teilweise wiederholt: %Ln Schlüssel erneut geschrieben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Undid part of %1: %Ln key(s) changed back.</source>
        <translation>
            <numerusform>%1 teilweise rückgängig gemacht: %Ln Schlüssel zurückgesetzt.</numerusform>
            <numerusform>%1 teilweise rückgängig gemacht: %Ln Schlüssel zurückgesetzt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Stopped at a key that changed after it was read.</source>
        <translation>Angehalten an einem Schlüssel, der sich nach dem Lesen geändert hat.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) left: Redo goes on with them.</source>
        <translation>
            <numerusform>%Ln Schlüssel übrig: Wiederholen macht mit ihm weiter.</numerusform>
            <numerusform>%Ln Schlüssel übrig: Wiederholen macht mit ihnen weiter.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) left: Undo goes on with them.</source>
        <translation>
            <numerusform>%Ln Schlüssel übrig: Rückgängig macht mit ihm weiter.</numerusform>
            <numerusform>%Ln Schlüssel übrig: Rückgängig macht mit ihnen weiter.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopping after the current batch of 1,000 keys…</source>
        <translation>Hält nach dem laufenden Stapel von 1.000 Schlüsseln an…</translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseView</name>
    <message>
        <source>Migrate and allow writes…</source>
        <translation>Migrieren und Schreiben erlauben …</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Allow writes</source>
        <translation>Schreiben erlauben</translation>
    </message>
    <message>
        <source>The database is opened for inspection, read-only. Allow writes to edit, delete and create keys through the kvs API.</source>
        <translation>Die Datenbank ist zur Inspektion nur lesend geöffnet. Erlauben Sie das Schreiben, um Schlüssel über die kvs-API zu bearbeiten, zu löschen und anzulegen.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>New key…</source>
        <translation>Neuer Schlüssel …</translation>
    </message>
    <message>
        <source>This database is at kvs schema version %1 (this release writes %2). It reads as it is; writing needs a migration, which asks first.</source>
        <translation>Diese Datenbank hat die kvs-Schemaversion %1 (diese Version schreibt %2). Sie wird unverändert gelesen; Schreiben erfordert eine Migration, die vorher nachfragt.</translation>
    </message>
    <message>
        <source>Migrate %1?</source>
        <translation>%1 migrieren?</translation>
    </message>
    <message>
        <source>Writing needs a schema upgrade: %1</source>
        <translation>Schreiben erfordert eine Schema-Aktualisierung: %1</translation>
    </message>
    <message>
        <source>Connection problem: %1</source>
        <translation>Verbindungsproblem: %1</translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>Wird geöffnet …</translation>
    </message>
    <message>
        <source>Not open</source>
        <translation>Nicht geöffnet</translation>
    </message>
    <message>
        <source>Writable</source>
        <translation>Beschreibbar</translation>
    </message>
    <message>
        <source>Read-only (inspect)</source>
        <translation>Nur lesend (Inspektion)</translation>
    </message>
    <message>
        <source>Add the kvs tables…</source>
        <translation>kvs-Tabellen hinzufügen …</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Queues</source>
        <translation>Warteschlangen</translation>
    </message>
    <message>
        <source>Not a kvs database: %1</source>
        <translation>Keine kvs-Datenbank: %1</translation>
    </message>
    <message>
        <source>Allow writes to %1?</source>
        <translation>Schreiben in %1 erlauben?</translation>
    </message>
    <message>
        <source>With writes allowed you can edit values, increment numbers, set expiries, delete keys and create new ones in this database. Each change is written at once and is seen by every application that uses the database; Edit ▸ Undo takes the last one back while nobody changed its keys since.</source>
        <translation>Mit erlaubtem Schreiben können Sie in dieser Datenbank Werte bearbeiten, Zahlen erhöhen, Abläufe setzen, Schlüssel löschen und neue anlegen. Jede Änderung wird sofort geschrieben und ist für jede Anwendung sichtbar, die die Datenbank verwendet; Bearbeiten ▸ Rückgängig nimmt die letzte zurück, solange niemand ihre Schlüssel seither geändert hat.</translation>
    </message>
    <message>
        <source>This database has no kvs tables yet. Allowing writes creates them: the tables kv, queue, versionstamp and meta (named with the connection&apos;s table prefix) and their indexes; a SQLite file is also switched to WAL journal mode.</source>
        <translation>Diese Datenbank hat noch keine kvs-Tabellen. Das Erlauben des Schreibens legt sie an: die Tabellen kv, queue, versionstamp und meta (benannt mit dem Tabellenpräfix der Verbindung) und ihre Indizes; eine SQLite-Datei wird außerdem in den WAL-Journalmodus geschaltet.</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tabellen</translation>
    </message>
    <message>
        <source>SQL</source>
        <translation>SQL</translation>
    </message>
    <message>
        <source>Transaction</source>
        <translation>Transaktion</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Beobachten</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>Create a key under the selected node (allow writes first)</source>
        <translation>Einen Schlüssel unter dem gewählten Knoten anlegen (erst Schreiben erlauben)</translation>
    </message>
    <message>
        <source>Writes cannot be allowed: this is not a kvs database (%1). &quot;Add the kvs tables…&quot; adds kvs&apos;s tables beside the ones it has.</source>
        <translation>Schreiben kann nicht erlaubt werden: Dies ist keine kvs-Datenbank (%1). „kvs-Tabellen hinzufügen …“ legt die Tabellen von kvs neben ihren eigenen an.</translation>
    </message>
    <message>
        <source>Writes cannot be allowed: %1 A newer KVS Admin can write it.</source>
        <translation>Schreiben kann nicht erlaubt werden: %1 Ein neueres KVS Admin kann sie schreiben.</translation>
    </message>
    <message>
        <source>Writes cannot be allowed: %1</source>
        <translation>Schreiben kann nicht erlaubt werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Writes ended by themselves after %Ln minute(s) without a write (production). Allow writes again to write.</source>
        <translation>
            <numerusform>Schreibzugriffe endeten von selbst nach %Ln Minute ohne Schreibzugriff (Produktion). Erlauben Sie Schreibzugriffe erneut, um zu schreiben.</numerusform>
            <numerusform>Schreibzugriffe endeten von selbst nach %Ln Minuten ohne Schreibzugriff (Produktion). Erlauben Sie Schreibzugriffe erneut, um zu schreiben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is a production database (%2). With writes allowed you can edit, delete and create keys there; each change is seen at once by every application that uses it. Writes end by themselves after %Ln minute(s) without a write.</source>
        <translation>
            <numerusform>%1 ist eine Produktionsdatenbank (%2). Mit erlaubten Schreibzugriffen können Sie dort Schlüssel bearbeiten, löschen und anlegen; jede Änderung sieht sofort jede Anwendung, die sie nutzt. Schreibzugriffe enden von selbst nach %Ln Minute ohne Schreibzugriff.</numerusform>
            <numerusform>%1 ist eine Produktionsdatenbank (%2). Mit erlaubten Schreibzugriffen können Sie dort Schlüssel bearbeiten, löschen und anlegen; jede Änderung sieht sofort jede Anwendung, die sie nutzt. Schreibzugriffe enden von selbst nach %Ln Minuten ohne Schreibzugriff.</numerusform>
        </translation>
    </message>
    <message>
        <source>Allowing writes also creates the kvs tables.</source>
        <translation>Das Erlauben von Schreibzugriffen legt auch die kvs-Tabellen an.</translation>
    </message>
    <message numerus="yes">
        <source>Writable, ends %Ln min after the last write</source>
        <translation>
            <numerusform>Beschreibbar, endet %Ln min nach dem letzten Schreibzugriff</numerusform>
            <numerusform>Beschreibbar, endet %Ln min nach dem letzten Schreibzugriff</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
</context>
<context>
    <name>kvs::ui::DeadLetterGroupsModel</name>
    <message>
        <source>(no error)</source>
        <translation>(kein Fehler)</translation>
    </message>
    <message>
        <source>Error signature</source>
        <translation>Fehlersignatur</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>First failure</source>
        <translation>Erster Fehlschlag</translation>
    </message>
    <message>
        <source>Last failure</source>
        <translation>Letzter Fehlschlag</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>Beispiel</translation>
    </message>
</context>
<context>
    <name>kvs::ui::DeadLetterGroupsPanel</name>
    <message>
        <source>Group again</source>
        <translation>Neu gruppieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Retry group…</source>
        <translation>Gruppe wiederholen…</translation>
    </message>
    <message>
        <source>Delete group…</source>
        <translation>Gruppe löschen…</translation>
    </message>
    <message>
        <source>Retry every dead letter of the chosen group (asks first)</source>
        <translation>Jede tote Nachricht der gewählten Gruppe erneut versuchen (fragt vorher)</translation>
    </message>
    <message>
        <source>Delete every dead letter of the chosen group (asks first)</source>
        <translation>Jede tote Nachricht der gewählten Gruppe löschen (fragt vorher)</translation>
    </message>
    <message>
        <source>Errors by signature:</source>
        <translation>Fehler nach Signatur:</translation>
    </message>
    <message>
        <source>Reading dead letters… %1</source>
        <translation>Lese tote Nachrichten… %1</translation>
    </message>
    <message>
        <source>Reading dead letters…</source>
        <translation>Lese tote Nachrichten…</translation>
    </message>
    <message>
        <source>Cannot group the dead letters: %1</source>
        <translation>Die toten Nachrichten können nicht gruppiert werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln dead letter(s)</source>
        <translation>
            <numerusform>%Ln tote Nachricht</numerusform>
            <numerusform>%Ln tote Nachrichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %Ln group(s)</source>
        <translation>
            <numerusform>in %Ln Gruppe</numerusform>
            <numerusform>in %Ln Gruppen</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled after %1: %2</source>
        <translation>Abgebrochen nach %1: %2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::EnqueueDialog</name>
    <message>
        <source>Enqueue message</source>
        <translation>Nachricht einreihen</translation>
    </message>
    <message>
        <source>Topic name</source>
        <translation>Name des Themas</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>The message becomes due this long after it is enqueued.</source>
        <translation>Die Nachricht wird so lange nach dem Einreihen fällig.</translation>
    </message>
    <message>
        <source>Deliveries before the message goes dead.</source>
        <translation>Zustellungen, bevor die Nachricht als tot gilt.</translation>
    </message>
    <message>
        <source>Topic:</source>
        <translation>Thema:</translation>
    </message>
    <message>
        <source>Payload:</source>
        <translation>Nutzdaten:</translation>
    </message>
    <message>
        <source>Delay:</source>
        <translation>Verzögerung:</translation>
    </message>
    <message>
        <source>Max attempts:</source>
        <translation>Höchstzahl Versuche:</translation>
    </message>
    <message>
        <source>Enqueue</source>
        <translation>Einreihen</translation>
    </message>
    <message>
        <source>Edit and re-enqueue message %1</source>
        <translation>Nachricht %1 bearbeiten und neu einreihen</translation>
    </message>
    <message>
        <source>Message %1 of topic &quot;%2&quot;, %3 of %4 attempts made. The corrected copy is enqueued due now; the original is deleted in the same transaction.</source>
        <translation>Nachricht %1 des Themas „%2“, %3 von %4 Versuchen gemacht. Die korrigierte Kopie wird sofort fällig eingereiht; das Original wird in derselben Transaktion gelöscht.</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>Re-enqueue…</source>
        <translation>Neu einreihen…</translation>
    </message>
    <message>
        <source>Last error:</source>
        <translation>Letzter Fehler:</translation>
    </message>
</context>
<context>
    <name>kvs::ui::EntryHeader</name>
    <message>
        <source>Expired, not yet cleaned</source>
        <translation>Abgelaufen, noch nicht bereinigt</translation>
    </message>
    <message>
        <source>undecodable value</source>
        <translation>nicht dekodierbarer Wert</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>undefined</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>boolean</source>
        <translation>Wahrheitswert</translation>
    </message>
    <message>
        <source>number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>string</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <source>bigint</source>
        <translation>BigInt</translation>
    </message>
    <message>
        <source>Uint8Array</source>
        <translation>Uint8Array</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>array</source>
        <translation>Array</translation>
    </message>
    <message>
        <source>object</source>
        <translation>Objekt</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Map</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Set</translation>
    </message>
    <message>
        <source>Key does not decode</source>
        <translation>Schlüssel nicht dekodierbar</translation>
    </message>
    <message>
        <source>Encoded key: %1</source>
        <translation>Kodierter Schlüssel: %1</translation>
    </message>
    <message>
        <source>No entry at this key: it was deleted or never existed.</source>
        <translation>Kein Eintrag unter diesem Schlüssel: Er wurde gelöscht oder hat nie existiert.</translation>
    </message>
    <message>
        <source>%1 · %2 · version %3</source>
        <translation>%1 · %2 · Version %3</translation>
    </message>
    <message>
        <source>No expiry</source>
        <translation>Kein Ablauf</translation>
    </message>
    <message>
        <source>Expired at %1</source>
        <translation>Abgelaufen am %1</translation>
    </message>
    <message>
        <source>Expires at %1 (in %2)</source>
        <translation>Läuft ab am %1 (in %2)</translation>
    </message>
    <message>
        <source>No value at this key: it is the prefix of the keys below it.</source>
        <translation>Kein Wert unter diesem Schlüssel: Er ist das Präfix der Schlüssel darunter.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ExpiryChoice</name>
    <message numerus="yes">
        <source>%Ln d %1</source>
        <translation>
            <numerusform>%Ln T. %1</numerusform>
            <numerusform>%Ln T. %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::ExpiryEdit</name>
    <message>
        <source>Keep the current expiry</source>
        <translation>Aktuellen Ablauf beibehalten</translation>
    </message>
    <message>
        <source>No expiry</source>
        <translation>Kein Ablauf</translation>
    </message>
    <message>
        <source>Expire in</source>
        <translation>Ablauf in</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <source>days</source>
        <translation>Tage</translation>
    </message>
</context>
<context>
    <name>kvs::ui::FindingsPanel</name>
    <message>
        <source>Run an analysis to see its findings.</source>
        <translation>Starten Sie eine Analyse, um ihre Befunde zu sehen.</translation>
    </message>
    <message>
        <source>Expired entries are still stored</source>
        <translation>Abgelaufene Einträge sind noch gespeichert</translation>
    </message>
    <message>
        <source>Large values</source>
        <translation>Große Werte</translation>
    </message>
    <message>
        <source>One prefix holds most of the bytes</source>
        <translation>Ein Präfix hält die meisten Bytes</translation>
    </message>
    <message>
        <source>Rows that do not decode</source>
        <translation>Zeilen, die sich nicht dekodieren lassen</translation>
    </message>
    <message>
        <source>Rows outside the key space</source>
        <translation>Zeilen außerhalb des Schlüsselraums</translation>
    </message>
    <message>
        <source>Old dead letters</source>
        <translation>Alte unzustellbare Nachrichten</translation>
    </message>
    <message>
        <source>Much of the file is free</source>
        <translation>Ein großer Teil der Datei ist frei</translation>
    </message>
    <message>
        <source>The WAL is larger than the database</source>
        <translation>Das WAL ist größer als die Datenbank</translation>
    </message>
    <message>
        <source>Search for these values</source>
        <translation>Nach diesen Werten suchen</translation>
    </message>
    <message>
        <source>Show %1 in the key tree</source>
        <translation>%1 im Schlüsselbaum zeigen</translation>
    </message>
    <message>
        <source>Show in the key tree</source>
        <translation>Im Schlüsselbaum zeigen</translation>
    </message>
    <message>
        <source>Open maintenance</source>
        <translation>Wartung öffnen</translation>
    </message>
    <message>
        <source>Nothing to report: no rule found anything.</source>
        <translation>Nichts zu berichten: Keine Regel hat etwas gefunden.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::GettingStartedDialog</name>
    <message>
        <source>Getting started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Welcome to KVS Admin&lt;/h3&gt;&lt;p&gt;When KVS Admin starts with no database to open, it opens the &lt;b&gt;demo database&lt;/b&gt;, a SQLite file made for trying things: users, orders by month, counters, sessions that expire, values of every type, key parts of every type, and queue topics with due, delayed, processing and dead messages. It lives in %1; open it again with &lt;b&gt;File ▸ Open SQLite File…&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Willkommen bei KVS Admin&lt;/h3&gt;&lt;p&gt;Wenn KVS Admin ohne zu öffnende Datenbank startet, öffnet es die &lt;b&gt;Demo-Datenbank&lt;/b&gt;, eine SQLite-Datei zum Ausprobieren: Benutzer, Bestellungen nach Monat, Zähler, ablaufende Sitzungen, Werte jedes Typs, Schlüsselteile jedes Typs und Warteschlangen-Themen mit fälligen, verzögerten, in Bearbeitung befindlichen und toten Nachrichten. Sie liegt in %1; öffnen Sie sie wieder mit &lt;b&gt;Datei ▸ SQLite-Datei öffnen …&lt;/b&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Every database opens &lt;b&gt;read-only&lt;/b&gt; (&quot;Read-only (inspect)&quot; beside the tab&apos;s toolbar): looking changes nothing. &lt;b&gt;Allow writes&lt;/b&gt; in that toolbar lets you edit, delete and create keys; it asks first.&lt;/p&gt;&lt;p&gt;A database tab has these views: &lt;b&gt;Keys&lt;/b&gt; (the key tree, and the selected value beside it), &lt;b&gt;Search&lt;/b&gt; (Ctrl+Shift+F), &lt;b&gt;Queues&lt;/b&gt;, &lt;b&gt;Transaction&lt;/b&gt;, &lt;b&gt;Watch&lt;/b&gt;, &lt;b&gt;Benchmark&lt;/b&gt;, &lt;b&gt;Analysis&lt;/b&gt; (where the keys and bytes are), &lt;b&gt;Tables&lt;/b&gt; (the tables as stored), &lt;b&gt;SQL&lt;/b&gt; and &lt;b&gt;Maintenance&lt;/b&gt;. Right-click a key for what it offers; &lt;b&gt;Edit ▸ Undo&lt;/b&gt; takes a write back.&lt;/p&gt;&lt;p&gt;&lt;b&gt;File ▸ Open Database…&lt;/b&gt; (Ctrl+O) opens a SQLite file or a PostgreSQL database; &lt;b&gt;File ▸ Open SQLite File…&lt;/b&gt; also creates a new one. &lt;b&gt;Help ▸ Keyboard Shortcuts&lt;/b&gt; lists every shortcut; this page stays in the Help menu.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Jede Datenbank öffnet sich &lt;b&gt;nur lesend&lt;/b&gt; („Nur lesend (Inspektion)“ neben der Werkzeugleiste des Tabs): Ansehen ändert nichts. &lt;b&gt;Schreiben erlauben&lt;/b&gt; in dieser Werkzeugleiste lässt Sie Schlüssel bearbeiten, löschen und anlegen; es fragt vorher.&lt;/p&gt;&lt;p&gt;Ein Datenbank-Tab hat diese Ansichten: &lt;b&gt;Schlüssel&lt;/b&gt; (der Schlüsselbaum und daneben der gewählte Wert), &lt;b&gt;Suche&lt;/b&gt; (Strg+Umschalt+F), &lt;b&gt;Warteschlangen&lt;/b&gt;, &lt;b&gt;Transaktion&lt;/b&gt;, &lt;b&gt;Beobachten&lt;/b&gt;, &lt;b&gt;Benchmark&lt;/b&gt;, &lt;b&gt;Analyse&lt;/b&gt; (wo die Schlüssel und Bytes liegen), &lt;b&gt;Tabellen&lt;/b&gt; (die Tabellen, wie sie gespeichert sind), &lt;b&gt;SQL&lt;/b&gt; und &lt;b&gt;Wartung&lt;/b&gt;. Ein Rechtsklick auf einen Schlüssel zeigt, was er anbietet; &lt;b&gt;Bearbeiten ▸ Rückgängig&lt;/b&gt; nimmt einen Schreibvorgang zurück.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Datei ▸ Datenbank öffnen …&lt;/b&gt; (Strg+O) öffnet eine SQLite-Datei oder eine PostgreSQL-Datenbank; &lt;b&gt;Datei ▸ SQLite-Datei öffnen …&lt;/b&gt; legt auch eine neue an. &lt;b&gt;Hilfe ▸ Tastenkürzel&lt;/b&gt; listet jedes Tastenkürzel; diese Seite bleibt im Hilfe-Menü.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>kvs::ui::HexBytesModel</name>
    <message>
        <source>Offset</source>
        <translation>Offset</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>Hex</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
</context>
<context>
    <name>kvs::ui::InspectorActions</name>
    <message>
        <source>The amount Increment adds (negative to subtract)</source>
        <translation>Der Betrag, den „Erhöhen um“ addiert (negativ zum Abziehen)</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>Schlüssel kopieren</translation>
    </message>
    <message>
        <source>Copy the key as a literal</source>
        <translation>Den Schlüssel als Literal kopieren</translation>
    </message>
    <message>
        <source>Copy value</source>
        <translation>Wert kopieren</translation>
    </message>
    <message>
        <source>Copy the value as a one-line literal</source>
        <translation>Den Wert als einzeiliges Literal kopieren</translation>
    </message>
    <message>
        <source>Copy cursor</source>
        <translation>Cursor kopieren</translation>
    </message>
    <message>
        <source>Copy the key&apos;s list cursor (base64)</source>
        <translation>Den Listen-Cursor des Schlüssels kopieren (Base64)</translation>
    </message>
    <message>
        <source>Save to file…</source>
        <translation>In Datei speichern …</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Increment by</source>
        <translation>Erhöhen um</translation>
    </message>
    <message>
        <source>Expiry…</source>
        <translation>Ablauf …</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>New key…</source>
        <translation>Neuer Schlüssel …</translation>
    </message>
    <message>
        <source>Raw bytes (*.bin)</source>
        <translation>Rohe Bytes (*.bin)</translation>
    </message>
    <message>
        <source>Literal (*.txt)</source>
        <translation>Literal (*.txt)</translation>
    </message>
    <message>
        <source>Save value to file</source>
        <translation>Wert in Datei speichern</translation>
    </message>
    <message>
        <source>%1;;%2</source>
        <translation>%1;;%2</translation>
    </message>
    <message>
        <source>Expiry of %1</source>
        <translation>Ablauf von %1</translation>
    </message>
    <message>
        <source>The value stays as it is; only its expiry changes.</source>
        <translation>Der Wert bleibt unverändert; nur sein Ablauf ändert sich.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::InspectorController</name>
    <message>
        <source>No database is open.</source>
        <translation>Keine Datenbank geöffnet.</translation>
    </message>
    <message>
        <source>Could not read the key.</source>
        <translation>Der Schlüssel konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The value was not saved.</source>
        <translation>Der Wert wurde nicht gespeichert.</translation>
    </message>
    <message>
        <source>The key expired while you were editing it, so there is no expiry left to keep. Choose a new expiry or “No expiry” and save again.</source>
        <translation>Der Schlüssel ist abgelaufen, während Sie ihn bearbeitet haben; es gibt also keinen Ablauf mehr, der beibehalten werden könnte. Wählen Sie einen neuen Ablauf oder „Kein Ablauf“ und speichern Sie erneut.</translation>
    </message>
    <message>
        <source>The value does not decode; its expiry cannot be set.</source>
        <translation>Der Wert ist nicht dekodierbar; sein Ablauf kann nicht gesetzt werden.</translation>
    </message>
    <message>
        <source>The key has expired.</source>
        <translation>Der Schlüssel ist abgelaufen.</translation>
    </message>
    <message>
        <source>The key was not deleted.</source>
        <translation>Der Schlüssel wurde nicht gelöscht.</translation>
    </message>
    <message>
        <source>The value was not incremented.</source>
        <translation>Der Wert wurde nicht erhöht.</translation>
    </message>
    <message>
        <source>This key cannot be stored.</source>
        <translation>Dieser Schlüssel kann nicht gespeichert werden.</translation>
    </message>
    <message>
        <source>This key exists already; nothing was written. Select it to edit its value.</source>
        <translation>Dieser Schlüssel existiert bereits; es wurde nichts geschrieben. Wählen Sie ihn aus, um seinen Wert zu bearbeiten.</translation>
    </message>
    <message>
        <source>The key was not created.</source>
        <translation>Der Schlüssel wurde nicht angelegt.</translation>
    </message>
    <message>
        <source>Could not save %1.</source>
        <translation>%1 konnte nicht gespeichert werden.</translation>
    </message>
    <message>
        <source>The row was not deleted.</source>
        <translation>Die Zeile wurde nicht gelöscht.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::KeyPathFinder</name>
    <message>
        <source>The key is outside the tree&apos;s prefix filter.</source>
        <translation>Der Schlüssel liegt außerhalb des Präfixfilters des Baums.</translation>
    </message>
    <message>
        <source>No key %1 in the tree.</source>
        <translation>Kein Schlüssel %1 im Baum.</translation>
    </message>
    <message>
        <source>Not within the first %1 pages of children; narrow the tree with the prefix or start filter.</source>
        <translation>Nicht unter den ersten %1 Seiten der Kinder; grenzen Sie den Baum mit dem Präfix- oder Startfilter ein.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::KeyRowActions</name>
    <message>
        <source>Copy key literal</source>
        <translation>Schlüssel-Literal kopieren</translation>
    </message>
    <message>
        <source>Delete key…</source>
        <translation>Schlüssel löschen…</translation>
    </message>
    <message>
        <source>Edit value</source>
        <translation>Wert bearbeiten</translation>
    </message>
    <message>
        <source>Read-only: switch on Allow writes to delete keys.</source>
        <translation>Nur lesend: Schalten Sie „Schreiben erlauben“ ein, um Schlüssel zu löschen.</translation>
    </message>
    <message>
        <source>%1 holds no value; Delete subtree… on its menu deletes the keys below it.</source>
        <translation>%1 hat keinen Wert; „Teilbaum löschen…“ in seinem Menü löscht die Schlüssel darunter.</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>Kopiert: %1</translation>
    </message>
    <message>
        <source>Copied the encoded key %1</source>
        <translation>Kodierten Schlüssel kopiert: %1</translation>
    </message>
    <message>
        <source>Copied the list cursor %1</source>
        <translation>Listen-Cursor kopiert: %1</translation>
    </message>
    <message>
        <source>Copy encoded key (hex)</source>
        <translation>Kodierten Schlüssel kopieren (hex)</translation>
    </message>
    <message>
        <source>Copy cursor</source>
        <translation>Cursor kopieren</translation>
    </message>
    <message>
        <source>Export subtree…</source>
        <translation>Teilbaum exportieren…</translation>
    </message>
    <message>
        <source>Delete subtree…</source>
        <translation>Teilbaum löschen…</translation>
    </message>
    <message>
        <source>Import into…</source>
        <translation>Importieren in…</translation>
    </message>
    <message>
        <source>Writes the entries of an export file into this database, at the keys the file names</source>
        <translation>Schreibt die Einträge einer Exportdatei in diese Datenbank, unter den Schlüsseln, die die Datei nennt</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl);;All files (*)</source>
        <translation>JSON-Zeilen (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export subtree to</source>
        <translation>Teilbaum exportieren nach</translation>
    </message>
    <message>
        <source>Import entries from</source>
        <translation>Einträge importieren aus</translation>
    </message>
    <message>
        <source>Bulk action failed</source>
        <translation>Massenaktion fehlgeschlagen</translation>
    </message>
    <message>
        <source>Copy subtree to</source>
        <translation>Teilbaum kopieren nach</translation>
    </message>
    <message>
        <source>Open another database to copy to.</source>
        <translation>Öffnen Sie eine weitere Datenbank, in die kopiert werden soll.</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1 (schreibgeschützt)</translation>
    </message>
</context>
<context>
    <name>kvs::ui::KeySearchController</name>
    <message>
        <source>The database is not open.</source>
        <translation>Die Datenbank ist nicht geöffnet.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::KeySearchPane</name>
    <message>
        <source>Regular expression</source>
        <translation>Regulärer Ausdruck</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>Groß-/Kleinschreibung beachten</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Text a key part contains</source>
        <translation>Text, den ein Schlüsselteil enthält</translation>
    </message>
    <message>
        <source>Key literal, e.g. [&quot;users&quot;]; empty: the whole database</source>
        <translation>Schlüsselliteral, z. B. [&quot;users&quot;]; leer: die ganze Datenbank</translation>
    </message>
    <message>
        <source>Only keys below this key are searched, and only their parts below it are compared.</source>
        <translation>Nur Schlüssel unterhalb dieses Schlüssels werden durchsucht, und nur ihre Teile unterhalb davon verglichen.</translation>
    </message>
    <message>
        <source>Read the text as a regular expression (Perl syntax); a part matches when the expression matches somewhere in it.</source>
        <translation>Den Text als regulären Ausdruck lesen (Perl-Syntax); ein Teil passt, wenn der Ausdruck irgendwo in ihm passt.</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <source>Under:</source>
        <translation>Unter:</translation>
    </message>
    <message>
        <source>The prefix is not a key literal: %1</source>
        <translation>Das Präfix ist kein Schlüsselliteral: %1</translation>
    </message>
    <message>
        <source>%L1 keys scanned, %L2 found…</source>
        <translation>%L1 Schlüssel durchsucht, %L2 gefunden…</translation>
    </message>
    <message>
        <source>Cancelled: %L1 keys scanned, %L2 found.</source>
        <translation>Abgebrochen: %L1 Schlüssel durchsucht, %L2 gefunden.</translation>
    </message>
    <message>
        <source>Done: %L1 keys scanned, %L2 found.</source>
        <translation>Fertig: %L1 Schlüssel durchsucht, %L2 gefunden.</translation>
    </message>
    <message>
        <source>The search stopped: %1</source>
        <translation>Die Suche wurde beendet: %1</translation>
    </message>
    <message>
        <source>Only the first %L1 keys found are listed: the search stopped there. Narrow the prefix or the text to see the others.</source>
        <translation>Nur die ersten %L1 gefundenen Schlüssel sind aufgeführt: Die Suche hat dort aufgehört. Grenzen Sie Präfix oder Text ein, um die übrigen zu sehen.</translation>
    </message>
    <message>
        <source>Search keys…</source>
        <translation>Schlüssel suchen…</translation>
    </message>
</context>
<context>
    <name>kvs::ui::KeySearchResultModel</name>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Matching part</source>
        <translation>Passender Teil</translation>
    </message>
</context>
<context>
    <name>kvs::ui::KeyTreeFilterBar</name>
    <message>
        <source>prefix, e.g. [&quot;users&quot;]</source>
        <translation>Präfix, z. B. [&quot;users&quot;]</translation>
    </message>
    <message>
        <source>start (inclusive)</source>
        <translation>Start (einschließlich)</translation>
    </message>
    <message>
        <source>end (exclusive)</source>
        <translation>Ende (ausschließlich)</translation>
    </message>
    <message>
        <source>Reverse</source>
        <translation>Umgekehrt</translation>
    </message>
    <message>
        <source>go to key, e.g. [&quot;users&quot;, 42]</source>
        <translation>zu Schlüssel springen, z. B. [&quot;users&quot;, 42]</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Los</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Prefix</source>
        <translation>Präfix</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Go to</source>
        <translation>Springen zu</translation>
    </message>
    <message>
        <source>%1
Not applied: the tree still shows the last filter that applied.</source>
        <translation>%1
Nicht angewendet: Der Baum zeigt weiterhin den zuletzt angewendeten Filter.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::KeyTreeModel</name>
    <message>
        <source>Undecodable key (shown as hex): %1</source>
        <translation>Nicht dekodierbarer Schlüssel (als Hex angezeigt): %1</translation>
    </message>
    <message>
        <source>Holds a value</source>
        <translation>Enthält einen Wert</translation>
    </message>
    <message>
        <source>%1+</source>
        <translation>%1+</translation>
    </message>
    <message>
        <source>Key part</source>
        <translation>Schlüsselteil</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Children</source>
        <translation>Kinder</translation>
    </message>
    <message>
        <source>More children… (expand to read them)</source>
        <translation>Weitere Kinder … (zum Lesen aufklappen)</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Läuft ab</translation>
    </message>
    <message>
        <source>More than %1 later children…</source>
        <translation>Mehr als %1 spätere Kinder …</translation>
    </message>
    <message>
        <source>More than %1 earlier children…</source>
        <translation>Mehr als %1 frühere Kinder …</translation>
    </message>
    <message>
        <source>1 later child…</source>
        <translation>1 späteres Kind …</translation>
    </message>
    <message>
        <source>1 earlier child…</source>
        <translation>1 früheres Kind …</translation>
    </message>
    <message>
        <source>%1 later children…</source>
        <translation>%1 spätere Kinder …</translation>
    </message>
    <message>
        <source>%1 earlier children…</source>
        <translation>%1 frühere Kinder …</translation>
    </message>
    <message>
        <source>Go to key jumped over these children; they are read when this row is expanded or scrolled into view.</source>
        <translation>„Springen zu“ hat diese Kinder übersprungen; sie werden gelesen, wenn diese Zeile aufgeklappt oder in den sichtbaren Bereich gescrollt wird.</translation>
    </message>
    <message>
        <source>%1 bytes stored</source>
        <translation>%1 Bytes gespeichert</translation>
    </message>
    <message>
        <source>Expires at %1</source>
        <translation>Läuft ab am %1</translation>
    </message>
</context>
<context>
    <name>kvs::ui::KeyTreePane</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Loading keys…</source>
        <translation>Schlüssel werden geladen …</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Add to transaction</source>
        <translation>Zur Transaktion hinzufügen</translation>
    </message>
    <message>
        <source>Adds a check of this key at the version it has now to the database&apos;s Transaction tab.</source>
        <translation>Fügt dem Reiter „Transaktion“ der Datenbank eine Prüfung dieses Schlüssels auf seine jetzige Version hinzu.</translation>
    </message>
    <message>
        <source>Could not delete the row: %1</source>
        <translation>Die Zeile konnte nicht gelöscht werden: %1</translation>
    </message>
    <message>
        <source>Type a prefix to filter by</source>
        <translation>Einen Präfix zum Filtern eingeben</translation>
    </message>
    <message>
        <source>Type a key to go to</source>
        <translation>Einen Schlüssel eingeben, zu dem gesprungen wird</translation>
    </message>
</context>
<context>
    <name>kvs::ui::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>KVS Admin shows the chosen language from its next start. Restart it when convenient: nothing else changes.</source>
        <translation>KVS Admin zeigt die gewählte Sprache ab dem nächsten Start. Starten Sie es neu, wenn es passt: Sonst ändert sich nichts.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::LanguagePage</name>
    <message>
        <source>The system&apos;s language</source>
        <translation>Die Sprache des Systems</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>Takes effect after a restart.</source>
        <translation>Wirkt nach einem Neustart.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::LiteralEditor</name>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
</context>
<context>
    <name>kvs::ui::LiveFeed</name>
    <message>
        <source>Watching failed: %1</source>
        <translation>Beobachten fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>kvs::ui::MainWindow</name>
    <message>
        <source>KVS Admin</source>
        <translation>KVS Admin</translation>
    </message>
    <message>
        <source>Cannot connect</source>
        <translation>Verbindung nicht möglich</translation>
    </message>
    <message>
        <source>Cancelled: no password given.</source>
        <translation>Abgebrochen: kein Passwort angegeben.</translation>
    </message>
    <message>
        <source>Cannot open</source>
        <translation>Öffnen nicht möglich</translation>
    </message>
    <message>
        <source>Preparing the demo database…</source>
        <translation>Demo-Datenbank wird vorbereitet …</translation>
    </message>
    <message>
        <source>Cannot create the demo database: %1</source>
        <translation>Die Demo-Datenbank kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Open a SQLite file or a PostgreSQL database</source>
        <translation>Eine SQLite-Datei oder eine PostgreSQL-Datenbank öffnen</translation>
    </message>
    <message>
        <source>Open a SQLite database for inspection (read-only)</source>
        <translation>Eine SQLite-Datenbank zur Inspektion öffnen (nur lesend)</translation>
    </message>
    <message>
        <source>Open the &amp;Demo Database</source>
        <translation>&amp;Demo-Datenbank öffnen</translation>
    </message>
    <message>
        <source>&amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Close Database</source>
        <translation>Datenbank &amp;schließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About KVS Admin</source>
        <translation>&amp;Über KVS Admin</translation>
    </message>
    <message>
        <source>Open SQLite Database</source>
        <translation>SQLite-Datenbank öffnen</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)</source>
        <translation>SQLite-Datenbanken (*.db *.sqlite *.sqlite3);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>KVS Admin — %1</source>
        <translation>KVS Admin — %1</translation>
    </message>
    <message>
        <source>About KVS Admin</source>
        <translation>Über KVS Admin</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;KVS Admin&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;An admin, inspector and benchmark console for kvs key-value databases on SQLite and PostgreSQL.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;KVS Admin&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;Eine Verwaltungs-, Inspektions- und Benchmark-Konsole für kvs-Schlüssel-Wert-Datenbanken auf SQLite und PostgreSQL.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Connecting to %1:%2…</source>
        <translation>Verbindung zu %1:%2 wird hergestellt …</translation>
    </message>
    <message>
        <source>the default server</source>
        <translation>dem Standardserver</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancelled while connecting.</source>
        <translation>Beim Verbinden abgebrochen.</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt …</translation>
    </message>
    <message>
        <source>&amp;Open Database…</source>
        <translation>Datenbank ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>Open SQLite &amp;File…</source>
        <translation>SQLite-Date&amp;i öffnen …</translation>
    </message>
    <message>
        <source>local socket</source>
        <translation>lokaler Socket</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Voreinstellungen…</translation>
    </message>
    <message>
        <source>%1 (offline)</source>
        <translation>%1 (offline)</translation>
    </message>
    <message>
        <source>&amp;New Key…</source>
        <translation>&amp;Neuer Schlüssel …</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren …</translation>
    </message>
    <message>
        <source>&amp;Getting Started</source>
        <translation>&amp;Erste Schritte</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>Der Ordner %1 existiert nicht.</translation>
    </message>
    <message>
        <source>Create %1?</source>
        <translation>%1 anlegen?</translation>
    </message>
    <message>
        <source>%1 does not exist. Create a new, empty kvs database there? It opens with writes allowed, ready for New key or Import.</source>
        <translation>%1 existiert nicht. Dort eine neue, leere kvs-Datenbank anlegen? Sie öffnet sich mit erlaubtem Schreiben, bereit für „Neuer Schlüssel“ oder „Importieren“.</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Anlegen</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>[production] %1</source>
        <translation>[Produktion] %1</translation>
    </message>
    <message>
        <source>&amp;Back Up…</source>
        <translation>&amp;Sichern…</translation>
    </message>
    <message>
        <source>&amp;Restore…</source>
        <translation>&amp;Wiederherstellen…</translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation>&amp;Fenster</translation>
    </message>
    <message>
        <source>Move Tab to &amp;New Window</source>
        <translation>Tab in &amp;neues Fenster verschieben</translation>
    </message>
    <message>
        <source>Move Tab &amp;Back to the First Window</source>
        <translation>Tab &amp;zurück ins erste Fenster verschieben</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Recently &amp;Deleted…</source>
        <translation>Zuletzt &amp;gelöscht…</translation>
    </message>
</context>
<context>
    <name>kvs::ui::MaintenancePane</name>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Could not read the figures: %1</source>
        <translation>Die Kennzahlen konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Database file:</source>
        <translation>Datenbankdatei:</translation>
    </message>
    <message>
        <source>WAL file:</source>
        <translation>WAL-Datei:</translation>
    </message>
    <message>
        <source>Free pages:</source>
        <translation>Freie Seiten:</translation>
    </message>
    <message>
        <source>Page size:</source>
        <translation>Seitengröße:</translation>
    </message>
    <message>
        <source>Journal mode:</source>
        <translation>Journalmodus:</translation>
    </message>
    <message>
        <source>Checks (read-only)</source>
        <translation>Prüfungen (nur lesend)</translation>
    </message>
    <message>
        <source>Quick check</source>
        <translation>Schnellprüfung</translation>
    </message>
    <message>
        <source>PRAGMA quick_check: every page and record is well formed</source>
        <translation>PRAGMA quick_check: jede Seite und jeder Datensatz ist wohlgeformt</translation>
    </message>
    <message>
        <source>Integrity check</source>
        <translation>Integritätsprüfung</translation>
    </message>
    <message>
        <source>PRAGMA integrity_check: the quick check, and every index against its table (slower)</source>
        <translation>PRAGMA integrity_check: die Schnellprüfung und jeder Index gegen seine Tabelle (langsamer)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Quick check running…</source>
        <translation>Schnellprüfung läuft …</translation>
    </message>
    <message>
        <source>Integrity check running…</source>
        <translation>Integritätsprüfung läuft …</translation>
    </message>
    <message>
        <source>Actions (they write)</source>
        <translation>Aktionen (sie schreiben)</translation>
    </message>
    <message>
        <source>Checkpoint…</source>
        <translation>Checkpoint …</translation>
    </message>
    <message>
        <source>Checkpoint and truncate…</source>
        <translation>Checkpoint und kürzen …</translation>
    </message>
    <message>
        <source>Optimize…</source>
        <translation>Optimieren …</translation>
    </message>
    <message>
        <source>Vacuum…</source>
        <translation>VACUUM …</translation>
    </message>
    <message>
        <source>Purge expired now…</source>
        <translation>Abgelaufene jetzt löschen …</translation>
    </message>
    <message>
        <source>Clean the queue now…</source>
        <translation>Warteschlange jetzt bereinigen …</translation>
    </message>
    <message>
        <source>Tables and indexes</source>
        <translation>Tabellen und Indizes</translation>
    </message>
    <message>
        <source>Row counts are the server&apos;s statistics, updated after each transaction, not counts.</source>
        <translation>Die Zeilenzahlen sind Statistiken des Servers, nach jeder Transaktion aktualisiert, keine Zählungen.</translation>
    </message>
    <message>
        <source>Sessions of this database</source>
        <translation>Sitzungen dieser Datenbank</translation>
    </message>
    <message>
        <source>Locks waited on</source>
        <translation>Erwartete Sperren</translation>
    </message>
    <message>
        <source>Vacuum and analyze…</source>
        <translation>VACUUM und ANALYZE …</translation>
    </message>
    <message>
        <source>No database open.</source>
        <translation>Keine Datenbank geöffnet.</translation>
    </message>
    <message>
        <source>%1 running…</source>
        <translation>%1 läuft …</translation>
    </message>
    <message>
        <source>Figures read at %1.</source>
        <translation>Kennzahlen gelesen um %1.</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%Ln pages)</source>
        <translation>
            <numerusform>%1 (%Ln Seite)</numerusform>
            <numerusform>%1 (%Ln Seiten)</numerusform>
        </translation>
    </message>
    <message>
        <source>none (0 bytes)</source>
        <translation>keine (0 Bytes)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln pages (%1): what a VACUUM would reclaim</source>
        <translation>
            <numerusform>%Ln Seite (%1): was ein VACUUM freigäbe</numerusform>
            <numerusform>%Ln Seiten (%1): was ein VACUUM freigäbe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln session(s) hold back VACUUM: idle in a transaction, or in one open for 5 minutes or more (marked).</source>
        <translation>
            <numerusform>%Ln Sitzung hält VACUUM auf: untätig in einer Transaktion oder in einer, die seit 5 Minuten oder länger offen ist (markiert).</numerusform>
            <numerusform>%Ln Sitzungen halten VACUUM auf: untätig in einer Transaktion oder in einer, die seit 5 Minuten oder länger offen ist (markiert).</numerusform>
        </translation>
    </message>
    <message>
        <source>Without the role pg_read_all_stats (or superuser), other roles&apos; statements and states are hidden: they show as &quot;&lt;insufficient privilege&gt;&quot;.</source>
        <translation>Ohne die Rolle pg_read_all_stats (oder Superuser) sind Anweisungen und Zustände anderer Rollen verborgen: sie erscheinen als „&lt;insufficient privilege&gt;“.</translation>
    </message>
    <message>
        <source>No other session is connected to this database.</source>
        <translation>Keine andere Sitzung ist mit dieser Datenbank verbunden.</translation>
    </message>
    <message>
        <source>No session waits for a lock.</source>
        <translation>Keine Sitzung wartet auf eine Sperre.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln session(s) wait for a lock.</source>
        <translation>
            <numerusform>%Ln Sitzung wartet auf eine Sperre.</numerusform>
            <numerusform>%Ln Sitzungen warten auf eine Sperre.</numerusform>
        </translation>
    </message>
    <message>
        <source>This server is a standby (in recovery): maintenance that writes runs on the primary. The figures are the standby&apos;s.</source>
        <translation>Dieser Server ist ein Standby (in Recovery): schreibende Wartung läuft auf dem Primary. Die Kennzahlen sind die des Standby.</translation>
    </message>
    <message>
        <source>Read-only: the figures and the checks. Allow writes to checkpoint, optimize, vacuum or clean.</source>
        <translation>Nur lesend: die Kennzahlen und die Prüfungen. Schreiben erlauben, um Checkpoint, Optimieren, VACUUM oder Bereinigen auszuführen.</translation>
    </message>
    <message>
        <source>Maintenance</source>
        <translation>Wartung</translation>
    </message>
    <message>
        <source>Read-only: the figures only. Allow writes to run VACUUM (ANALYZE).</source>
        <translation>Nur lesend: nur die Kennzahlen. Schreiben erlauben, um VACUUM (ANALYZE) auszuführen.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::NewKeyDialog</name>
    <message>
        <source>New key</source>
        <translation>Neuer Schlüssel</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Schlüssel:</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>Wert:</translation>
    </message>
    <message>
        <source>Expiry:</source>
        <translation>Ablauf:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Anlegen</translation>
    </message>
</context>
<context>
    <name>kvs::ui::OutageBanner</name>
    <message>
        <source>Retry now</source>
        <translation>Jetzt erneut versuchen</translation>
    </message>
    <message>
        <source>Try to reach the database now instead of at the next try</source>
        <translation>Die Datenbank jetzt zu erreichen versuchen, nicht erst beim nächsten Versuch</translation>
    </message>
    <message>
        <source>Connected again at %1.</source>
        <translation>Seit %1 wieder verbunden.</translation>
    </message>
    <message>
        <source>The database cannot be reached since %1.</source>
        <translation>Die Datenbank ist seit %1 nicht erreichbar.</translation>
    </message>
    <message>
        <source>Showing what was read as of %1.</source>
        <translation>Angezeigt wird der Stand von %1.</translation>
    </message>
    <message numerus="yes">
        <source>Next try at %1 (in %Ln s).</source>
        <translation>
            <numerusform>Nächster Versuch um %1 (in %Ln s).</numerusform>
            <numerusform>Nächster Versuch um %1 (in %Ln s).</numerusform>
        </translation>
    </message>
    <message>
        <source>Trying now…</source>
        <translation>Versuche es jetzt…</translation>
    </message>
</context>
<context>
    <name>kvs::ui::OutsideRowsModel</name>
    <message>
        <source>first %1</source>
        <translation>erste %1</translation>
    </message>
    <message>
        <source>Rows outside the key space (%1)</source>
        <translation>Zeilen außerhalb des Schlüsselraums (%1)</translation>
    </message>
    <message>
        <source>Rows whose key starts with a byte outside 01..06, where no kvs key lies: another program stored them. No list() and no key tree listing selects them; they can be inspected and deleted here.</source>
        <translation>Zeilen, deren Schlüssel mit einem Byte außerhalb von 01..06 beginnt, wo kein kvs-Schlüssel liegt: Ein anderes Programm hat sie gespeichert. Weder list() noch eine Auflistung des Schlüsselbaums wählt sie aus; hier können sie untersucht und gelöscht werden.</translation>
    </message>
    <message>
        <source>Key outside the key space (shown as hex): %1</source>
        <translation>Schlüssel außerhalb des Schlüsselraums (hexadezimal angezeigt): %1</translation>
    </message>
</context>
<context>
    <name>kvs::ui::OutsideRowsView</name>
    <message>
        <source>Copy key (hex)</source>
        <translation>Schlüssel kopieren (hex)</translation>
    </message>
    <message>
        <source>Delete row…</source>
        <translation>Zeile löschen…</translation>
    </message>
    <message>
        <source>Read-only: switch on Allow writes to delete rows.</source>
        <translation>Schreibgeschützt: Schalten Sie „Schreiben erlauben“ ein, um Zeilen zu löschen.</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>Erneut suchen</translation>
    </message>
    <message>
        <source>Delete row</source>
        <translation>Zeile löschen</translation>
    </message>
    <message>
        <source>Delete the row stored at key %1?</source>
        <translation>Die unter dem Schlüssel %1 gespeicherte Zeile löschen?</translation>
    </message>
    <message>
        <source>Its key lies outside the key space, so no kvs call lists it. The row is deleted by its key bytes, in one transaction. This cannot be undone.</source>
        <translation>Ihr Schlüssel liegt außerhalb des Schlüsselraums, daher listet kein kvs-Aufruf sie auf. Die Zeile wird anhand ihrer Schlüsselbytes in einer Transaktion gelöscht. Dies kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Its key lies outside the key space, so no kvs call lists it. The row is deleted by its key bytes, in one transaction; Edit &gt; Undo writes its bytes back.</source>
        <translation>Ihr Schlüssel liegt außerhalb des Schlüsselraums, daher listet kein kvs-Aufruf sie auf. Die Zeile wird anhand ihrer Schlüsselbytes in einer Transaktion gelöscht; Bearbeiten &gt; Rückgängig schreibt ihre Bytes zurück.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::PasswordCommandBox</name>
    <message>
        <source>e.g. get-db-token --role app (no shell)</source>
        <translation>z. B. get-db-token --role app (ohne Shell)</translation>
    </message>
    <message>
        <source>Run at every new connection of the tab; the first line it prints is the password. What it prints is never saved, logged or shown. Words are split at spaces, &quot;double quotes&quot; group them.</source>
        <translation>Läuft bei jeder neuen Verbindung des Tabs; die erste Zeile seiner Ausgabe ist das Passwort. Seine Ausgabe wird nie gespeichert, protokolliert oder angezeigt. Wörter werden an Leerzeichen getrennt, &quot;doppelte Anführungszeichen&quot; fassen sie zusammen.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::PasswordDialog</name>
    <message>
        <source>&amp;Remember password in the system keychain</source>
        <translation>Passwort im System-Schlüsselbund &amp;merken</translation>
    </message>
    <message>
        <source>Password for %1</source>
        <translation>Passwort für %1</translation>
    </message>
    <message>
        <source>Enter the password of &lt;b&gt;%1&lt;/b&gt; for the PostgreSQL server &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>Geben Sie das Passwort von &lt;b&gt;%1&lt;/b&gt; für den PostgreSQL-Server &lt;b&gt;%2&lt;/b&gt; ein.</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Passwort:</translation>
    </message>
    <message>
        <source>C&amp;onnect</source>
        <translation>&amp;Verbinden</translation>
    </message>
</context>
<context>
    <name>kvs::ui::PasswordResolver</name>
    <message>
        <source>The system keychain is unavailable (%1): the password is asked for and not remembered.</source>
        <translation>Der System-Schlüsselbund ist nicht verfügbar (%1): Das Passwort wird abgefragt und nicht gespeichert.</translation>
    </message>
    <message>
        <source>no backend</source>
        <translation>kein Backend</translation>
    </message>
    <message>
        <source>The password kept in the system keychain was refused: %1</source>
        <translation>Das im System-Schlüsselbund gespeicherte Passwort wurde abgewiesen: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>kvs::ui::PgLockWaitsModel</name>
    <message>
        <source>pid %1</source>
        <translation>PID %1</translation>
    </message>
    <message>
        <source>pid %1 (%2, %3: %4)</source>
        <translation>PID %1 (%2, %3: %4)</translation>
    </message>
    <message>
        <source>(hidden)</source>
        <translation>(verborgen)</translation>
    </message>
    <message>
        <source>%1 on a %2</source>
        <translation>%1 auf einer %2</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>Waiting PID</source>
        <translation>Wartende PID</translation>
    </message>
    <message>
        <source>Lock asked for</source>
        <translation>Angeforderte Sperre</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartet seit</translation>
    </message>
    <message>
        <source>Held up by</source>
        <translation>Aufgehalten von</translation>
    </message>
    <message>
        <source>Its statement</source>
        <translation>Ihre Anweisung</translation>
    </message>
</context>
<context>
    <name>kvs::ui::PgSessionsModel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>This session&apos;s transaction is %1: while it stays open, VACUUM cannot remove the rows deleted since it began (the queue&apos;s finished messages first). End it, or ask its owner to.</source>
        <translation>Die Transaktion dieser Sitzung ist %1: solange sie offen bleibt, kann VACUUM die seit ihrem Beginn gelöschten Zeilen nicht entfernen (zuerst die abgeschlossenen Nachrichten der Warteschlange). Beenden Sie sie, oder bitten Sie ihren Besitzer darum.</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>untätig</translation>
    </message>
    <message>
        <source>open for %1</source>
        <translation>seit %1 offen</translation>
    </message>
    <message>
        <source>(hidden)</source>
        <translation>(verborgen)</translation>
    </message>
    <message>
        <source>%1, holds back VACUUM</source>
        <translation>%1, hält VACUUM auf</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>Anwendung</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Transaction age</source>
        <translation>Transaktionsalter</translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation>Wartet auf</translation>
    </message>
    <message>
        <source>Store tables locked</source>
        <translation>Gesperrte Store-Tabellen</translation>
    </message>
    <message>
        <source>Last statement</source>
        <translation>Letzte Anweisung</translation>
    </message>
</context>
<context>
    <name>kvs::ui::PgStorageModel</name>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 (auto)</source>
        <translation>%1 (automatisch)</translation>
    </message>
    <message>
        <source>Relation</source>
        <translation>Relation</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Indexes</source>
        <translation>Indizes</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Live rows</source>
        <translation>Lebende Zeilen</translation>
    </message>
    <message>
        <source>Dead rows</source>
        <translation>Tote Zeilen</translation>
    </message>
    <message>
        <source>Last vacuum</source>
        <translation>Letztes VACUUM</translation>
    </message>
    <message>
        <source>Last analyze</source>
        <translation>Letztes ANALYZE</translation>
    </message>
</context>
<context>
    <name>kvs::ui::PostgresConnectionPage</name>
    <message>
        <source>&amp;Remember password in the system keychain</source>
        <translation>Passwort im System-Schlüsselbund &amp;merken</translation>
    </message>
    <message>
        <source>localhost</source>
        <translation>localhost</translation>
    </message>
    <message>
        <source>From the keychain, ~/.pgpass or PGPASSWORD if empty</source>
        <translation>Aus dem Schlüsselbund, ~/.pgpass oder PGPASSWORD, wenn leer</translation>
    </message>
    <message>
        <source>The server&apos;s search_path</source>
        <translation>Der search_path des Servers</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;ort:</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Host:</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>&amp;Datenbank:</translation>
    </message>
    <message>
        <source>U&amp;ser:</source>
        <translation>&amp;Benutzer:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Passwort:</translation>
    </message>
    <message>
        <source>S&amp;chema:</source>
        <translation>S&amp;chema:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Keine Begrenzung</translation>
    </message>
    <message>
        <source>A call the server does not answer in this time is cancelled, and its connection closed (timeout_ms in the URL wins)</source>
        <translation>Ein Aufruf, den der Server nicht in dieser Zeit beantwortet, wird abgebrochen und seine Verbindung geschlossen (timeout_ms in der URL hat Vorrang)</translation>
    </message>
    <message>
        <source>Call &amp;timeout:</source>
        <translation>&amp;Zeitlimit für Aufrufe:</translation>
    </message>
    <message>
        <source>The password goes to %1 without TLS being required: add sslmode=require (or verify-full) to the URL.</source>
        <translation>Das Passwort geht an %1, ohne dass TLS verlangt wird: Fügen Sie der URL sslmode=require (oder verify-full) hinzu.</translation>
    </message>
    <message>
        <source>%1 is not this machine: without verify-full nothing checks that the server is %1, and a machine in between could pose as it.</source>
        <translation>%1 ist nicht dieser Rechner: Ohne verify-full prüft nichts, dass der Server %1 ist, und ein Rechner dazwischen könnte sich als er ausgeben.</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>SSH tunnel</source>
        <translation>SSH-Tunnel</translation>
    </message>
    <message>
        <source>Password command</source>
        <translation>Passwort-Befehl</translation>
    </message>
    <message>
        <source>From the password command</source>
        <translation>Vom Passwort-Befehl</translation>
    </message>
</context>
<context>
    <name>kvs::ui::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Voreinstellungen</translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueActions</name>
    <message>
        <source>Enqueued message %1 in topic &quot;%2&quot;.</source>
        <translation>Nachricht %1 in Thema „%2“ eingereiht.</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln done message(s) of topic &quot;%1&quot;.</source>
        <translation>
            <numerusform>%Ln erledigte Nachricht des Themas „%1“ gelöscht.</numerusform>
            <numerusform>%Ln erledigte Nachrichten des Themas „%1“ gelöscht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Message %1 of topic &quot;%2&quot; is gone (retried, deleted or moved meanwhile): nothing was written.</source>
        <translation>Nachricht %1 des Themas „%2“ ist nicht mehr da (inzwischen erneut versucht, gelöscht oder verschoben): Es wurde nichts geschrieben.</translation>
    </message>
    <message>
        <source>Replaced message %1 of topic &quot;%2&quot; with message %3.</source>
        <translation>Nachricht %1 des Themas „%2“ durch Nachricht %3 ersetzt.</translation>
    </message>
    <message>
        <source>leased by a consumer</source>
        <translation>von einem Verbraucher in Bearbeitung</translation>
    </message>
    <message>
        <source>waiting for delivery</source>
        <translation>wartet auf Zustellung</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>Message %1 of topic &quot;%2&quot; was retried meanwhile and is %3 now: nothing was written.</source>
        <translation>Nachricht %1 des Themas „%2“ wurde inzwischen erneut versucht und ist jetzt %3: Es wurde nichts geschrieben.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueActionsBar</name>
    <message>
        <source>Enqueue…</source>
        <translation>Einreihen…</translation>
    </message>
    <message>
        <source>Clean done…</source>
        <translation>Erledigte aufräumen…</translation>
    </message>
    <message>
        <source>Edit and re-enqueue…</source>
        <translation>Bearbeiten und neu einreihen…</translation>
    </message>
    <message>
        <source>Audit log…</source>
        <translation>Prüfprotokoll…</translation>
    </message>
    <message>
        <source>Queue action</source>
        <translation>Warteschlangen-Aktion</translation>
    </message>
    <message>
        <source>The database is open read-only: allow writes to act on messages.</source>
        <translation>Die Datenbank ist nur lesend geöffnet: Erlauben Sie das Schreiben, um Nachrichten zu bearbeiten.</translation>
    </message>
    <message>
        <source>Enqueue a new message.</source>
        <translation>Eine neue Nachricht einreihen.</translation>
    </message>
    <message>
        <source>Delete the selected topic&apos;s done messages.</source>
        <translation>Die erledigten Nachrichten des gewählten Themas löschen.</translation>
    </message>
    <message>
        <source>Correct the selected dead message&apos;s payload and enqueue the copy in its place.</source>
        <translation>Die Nutzdaten der gewählten toten Nachricht korrigieren und die Kopie an ihrer Stelle einreihen.</translation>
    </message>
    <message numerus="yes">
        <source>Delete the %Ln done message(s) of topic &quot;%1&quot;? Messages of other topics and statuses are kept. This cannot be undone.</source>
        <translation>
            <numerusform>Die %Ln erledigte Nachricht des Themas „%1“ löschen? Nachrichten anderer Themen und Status bleiben erhalten. Dies kann nicht rückgängig gemacht werden.</numerusform>
            <numerusform>Die %Ln erledigten Nachrichten des Themas „%1“ löschen? Nachrichten anderer Themen und Status bleiben erhalten. Dies kann nicht rückgängig gemacht werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Replace dead message %1 of topic &quot;%2&quot; with the corrected copy? The copy is enqueued due now and the original is deleted, in one transaction.</source>
        <translation>Tote Nachricht %1 des Themas „%2“ durch die korrigierte Kopie ersetzen? Die Kopie wird sofort fällig eingereiht und das Original gelöscht, in einer Transaktion.</translation>
    </message>
    <message>
        <source>Enqueue the message?</source>
        <translation>Die Nachricht einreihen?</translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueChartsView</name>
    <message>
        <source>Messages</source>
        <translation>Nachrichten</translation>
    </message>
    <message>
        <source>Per second</source>
        <translation>Pro Sekunde</translation>
    </message>
    <message>
        <source>due</source>
        <translation>fällig</translation>
    </message>
    <message>
        <source>delayed</source>
        <translation>verzögert</translation>
    </message>
    <message>
        <source>processing</source>
        <translation>in Bearbeitung</translation>
    </message>
    <message>
        <source>dead</source>
        <translation>tot</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>enqueued</source>
        <translation>eingereiht</translation>
    </message>
    <message>
        <source>dead-lettered</source>
        <translation>zu toten Nachrichten geworden</translation>
    </message>
    <message>
        <source>dead letters retried or deleted</source>
        <translation>tote Nachrichten wiederholt oder gelöscht</translation>
    </message>
    <message>
        <source>acknowledged (kept done)</source>
        <translation>bestätigt (als erledigt behalten)</translation>
    </message>
    <message>
        <source>All topics</source>
        <translation>Alle Topics</translation>
    </message>
    <message>
        <source>Last 5 minutes</source>
        <translation>Letzte 5 Minuten</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Topic %1</source>
        <translation>Topic %1</translation>
    </message>
    <message>
        <source>Sampled at each overview refresh while this tab is open. Enqueued per second comes from the queue&apos;s id counter, which no delete lowers.</source>
        <translation>Bei jeder Aktualisierung der Übersicht erfasst, solange dieser Tab offen ist. Eingereiht pro Sekunde stammt aus dem ID-Zähler der Warteschlange, den kein Löschen senkt.</translation>
    </message>
    <message>
        <source>Sampled at each overview refresh while this tab is open. Enqueued per second is known for the whole database only; the other rates are what the counts show.</source>
        <translation>Bei jeder Aktualisierung der Übersicht erfasst, solange dieser Tab offen ist. Eingereiht pro Sekunde ist nur für die ganze Datenbank bekannt; die übrigen Raten zeigen, was die Zählungen hergeben.</translation>
    </message>
    <message>
        <source>G</source>
        <comment>a thousand million, chart axis</comment>
        <translation>G</translation>
    </message>
    <message>
        <source>M</source>
        <comment>a million, chart axis</comment>
        <translation>M</translation>
    </message>
    <message>
        <source>k</source>
        <comment>a thousand, chart axis</comment>
        <translation>k</translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueMessageModel</name>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Enqueued</source>
        <translation>Eingereiht</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Lease expiry</source>
        <translation>Lease-Ablauf</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>Letzter Fehler</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>Nutzdaten</translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueOverviewModel</name>
    <message numerus="yes">
        <source>%Ln s</source>
        <translation>
            <numerusform>%Ln s</numerusform>
            <numerusform>%Ln s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln min</source>
        <translation>
            <numerusform>%Ln min</numerusform>
            <numerusform>%Ln min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln h</source>
        <translation>
            <numerusform>%Ln h</numerusform>
            <numerusform>%Ln h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>dead letters growing (+%Ln)</source>
        <translation>
            <numerusform>unzustellbare Nachrichten nehmen zu (+%Ln)</numerusform>
            <numerusform>unzustellbare Nachrichten nehmen zu (+%Ln)</numerusform>
        </translation>
    </message>
    <message>
        <source>due messages waiting %1: no consumer?</source>
        <translation>fällige Nachrichten warten seit %1: kein Konsument?</translation>
    </message>
    <message>
        <source>has dead letters</source>
        <translation>hat unzustellbare Nachrichten</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Topic</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Delayed</source>
        <translation>Verzögert</translation>
    </message>
    <message>
        <source>Processing</source>
        <translation>In Bearbeitung</translation>
    </message>
    <message>
        <source>Dead</source>
        <translation>Unzustellbar</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Erledigt</translation>
    </message>
    <message>
        <source>Oldest due</source>
        <translation>Älteste fällige</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message numerus="yes">
        <source>%Ln lease(s) expiring within %1</source>
        <translation>
            <numerusform>%Ln Lease läuft innerhalb von %1 ab</numerusform>
            <numerusform>%Ln Leases laufen innerhalb von %1 ab</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueRateSampler</name>
    <message>
        <source>The queue history %1 cannot be read (%2); the charts start empty and it is left as it is.</source>
        <translation>Der Warteschlangenverlauf %1 kann nicht gelesen werden (%2); die Diagramme beginnen leer, und die Datei bleibt unverändert.</translation>
    </message>
    <message>
        <source>The queue history %1 could not be used (%2); it was moved to %3 and the charts start empty.</source>
        <translation>Der Warteschlangenverlauf %1 war nicht verwendbar (%2); er wurde nach %3 verschoben, und die Diagramme beginnen leer.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueTrendsPanel</name>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>A topic whose oldest due message waits longer than this is flagged &quot;no consumer?&quot;.</source>
        <translation>Ein Topic, dessen älteste fällige Nachricht länger als dies wartet, wird als „kein Consumer?“ markiert.</translation>
    </message>
    <message>
        <source>Warn &quot;no consumer?&quot; after</source>
        <translation>„Kein Consumer?“ melden nach</translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueuesController</name>
    <message numerus="yes">
        <source>Retried %Ln message(s).</source>
        <translation>
            <numerusform>%Ln Nachricht erneut versucht.</numerusform>
            <numerusform>%Ln Nachrichten erneut versucht.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln message(s).</source>
        <translation>
            <numerusform>%Ln Nachricht gelöscht.</numerusform>
            <numerusform>%Ln Nachrichten gelöscht.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueuesPane</name>
    <message>
        <source>Regular expression</source>
        <translation>Regulärer Ausdruck</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>Mehr laden</translation>
    </message>
    <message>
        <source>Retry selected</source>
        <translation>Ausgewählte erneut versuchen</translation>
    </message>
    <message>
        <source>Delete selected…</source>
        <translation>Ausgewählte löschen …</translation>
    </message>
    <message>
        <source>Retry all matching…</source>
        <translation>Alle passenden erneut versuchen …</translation>
    </message>
    <message>
        <source>Delete all matching…</source>
        <translation>Alle passenden löschen …</translation>
    </message>
    <message>
        <source>Queue action</source>
        <translation>Warteschlangenaktion</translation>
    </message>
    <message>
        <source>Last error contains…</source>
        <translation>Letzter Fehler enthält …</translation>
    </message>
    <message>
        <source>Payload contains…</source>
        <translation>Nutzdaten enthalten …</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Anwenden</translation>
    </message>
    <message numerus="yes">
        <source>Retry %Ln dead message(s) of topic &quot;%1&quot;? They become due now, with their attempts reset.</source>
        <translation>
            <numerusform>%Ln unzustellbare Nachricht des Topics „%1“ erneut versuchen? Sie wird sofort fällig, ihre Versuche werden zurückgesetzt.</numerusform>
            <numerusform>%Ln unzustellbare Nachrichten des Topics „%1“ erneut versuchen? Sie werden sofort fällig, ihre Versuche werden zurückgesetzt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln dead message(s) of topic &quot;%1&quot;? This cannot be undone.</source>
        <translation>
            <numerusform>%Ln unzustellbare Nachricht des Topics „%1“ löschen? Das kann nicht rückgängig gemacht werden.</numerusform>
            <numerusform>%Ln unzustellbare Nachrichten des Topics „%1“ löschen? Das kann nicht rückgängig gemacht werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refreshed at %1 (%2 ms); every %3 s.</source>
        <translation>Aktualisiert um %1 (%2 ms); alle %3 s.</translation>
    </message>
    <message>
        <source>Select a topic to see its dead letters.</source>
        <translation>Wählen Sie ein Topic aus, um seine unzustellbaren Nachrichten zu sehen.</translation>
    </message>
    <message>
        <source>error matching /%1/</source>
        <translation>Fehler passt zu /%1/</translation>
    </message>
    <message>
        <source>error containing &quot;%1&quot;</source>
        <translation>Fehler enthält „%1“</translation>
    </message>
    <message>
        <source>payload containing &quot;%1&quot;</source>
        <translation>Nutzdaten enthalten „%1“</translation>
    </message>
    <message>
        <source>any filter</source>
        <translation>alle</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>The database is open read-only: allow writes to act on messages.</source>
        <translation>Die Datenbank ist nur lesend geöffnet: Erlauben Sie das Schreiben, um Nachrichten zu bearbeiten.</translation>
    </message>
    <message>
        <source>Poll every</source>
        <translation>Abfragen alle</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>How often the overview is read when the database cannot say that something was committed (PostgreSQL).</source>
        <translation>Wie oft die Übersicht gelesen wird, wenn die Datenbank nicht mitteilen kann, dass etwas festgeschrieben wurde (PostgreSQL).</translation>
    </message>
    <message>
        <source>This SQLite file says when something was committed (%1): the overview is read then, and every %2 s for what time alone changes.</source>
        <translation>Diese SQLite-Datei teilt mit, wann etwas festgeschrieben wurde (%1): Die Übersicht wird dann gelesen und alle %2 s für das, was allein die Zeit ändert.</translation>
    </message>
    <message>
        <source>Refreshed at %1 (%2 ms); on each commit and every %3 s.</source>
        <translation>Aktualisiert um %1 (%2 ms); bei jedem Commit und alle %3 s.</translation>
    </message>
    <message>
        <source>Count matching</source>
        <translation>Treffer zählen</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Delayed</source>
        <translation>Verzögert</translation>
    </message>
    <message>
        <source>Processing</source>
        <translation>In Bearbeitung</translation>
    </message>
    <message>
        <source>Dead</source>
        <translation>Unzustellbar</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Erledigt</translation>
    </message>
    <message>
        <source>any age</source>
        <translation>jedes Alter</translation>
    </message>
    <message>
        <source>older than </source>
        <translation>älter als </translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>any attempts</source>
        <translation>beliebige Versuche</translation>
    </message>
    <message>
        <source>attempts ≥ </source>
        <translation>Versuche ≥ </translation>
    </message>
    <message>
        <source>%1 messages of &quot;%2&quot; matching %3</source>
        <translation>Nachrichten (%1) von „%2“ mit %3</translation>
    </message>
    <message numerus="yes">
        <source>enqueued more than %Ln minute(s) ago</source>
        <translation>
            <numerusform>vor mehr als %Ln Minute eingereiht</numerusform>
            <numerusform>vor mehr als %Ln Minuten eingereiht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at least %Ln attempt(s)</source>
        <translation>
            <numerusform>mindestens %Ln Versuch</numerusform>
            <numerusform>mindestens %Ln Versuche</numerusform>
        </translation>
    </message>
    <message>
        <source>Payload path…</source>
        <translation>Nutzdaten-Pfad…</translation>
    </message>
    <message>
        <source>A key path into the payload, customer.id or [&quot;customer&quot;, &quot;id&quot;]; the message matches when the value there equals the literal beside it.</source>
        <translation>Ein Schlüsselpfad in die Nutzdaten, customer.id oder [&quot;customer&quot;, &quot;id&quot;]; die Nachricht passt, wenn der Wert dort dem Literal daneben gleicht.</translation>
    </message>
    <message>
        <source>equals literal…</source>
        <translation>gleich Literal…</translation>
    </message>
    <message>
        <source>A literal such as 42, &quot;abc&quot; or 7n.</source>
        <translation>Ein Literal wie 42, &quot;abc&quot; oder 7n.</translation>
    </message>
    <message>
        <source>A payload path condition needs both the path and the literal its value equals.</source>
        <translation>Eine Bedingung auf einen Nutzdaten-Pfad braucht den Pfad und das Literal, dem sein Wert gleicht.</translation>
    </message>
    <message>
        <source>payload at %1 equal to %2</source>
        <translation>Nutzdaten bei %1 gleich %2</translation>
    </message>
    <message>
        <source>No dead message of topic &quot;%1&quot; matches %2: nothing to do.</source>
        <translation>Keine tote Nachricht des Topics „%1“ passt zu %2: nichts zu tun.</translation>
    </message>
    <message numerus="yes">
        <source>Retry the %Ln dead message(s) of topic &quot;%1&quot; that match %2? They become due now, with their attempts reset.</source>
        <translation>
            <numerusform>Die %Ln tote Nachricht des Topics „%1“, die zu %2 passt, erneut versuchen? Sie wird jetzt fällig, ihre Versuche werden zurückgesetzt.</numerusform>
            <numerusform>Die %Ln toten Nachrichten des Topics „%1“, die zu %2 passen, erneut versuchen? Sie werden jetzt fällig, ihre Versuche werden zurückgesetzt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete the %Ln dead message(s) of topic &quot;%1&quot; that match %2? This cannot be undone.</source>
        <translation>
            <numerusform>Die %Ln tote Nachricht des Topics „%1“, die zu %2 passt, löschen? Das lässt sich nicht rückgängig machen.</numerusform>
            <numerusform>Die %Ln toten Nachrichten des Topics „%1“, die zu %2 passen, löschen? Das lässt sich nicht rückgängig machen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Export %Ln message(s) to a file first</source>
        <translation>
            <numerusform>Zuerst %Ln Nachricht in eine Datei exportieren</numerusform>
            <numerusform>Zuerst %Ln Nachrichten in eine Datei exportieren</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the dead messages to</source>
        <translation>Die toten Nachrichten exportieren nach</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Bedingung</translation>
    </message>
    <message>
        <source>Read the payload filter as a condition on the payload as value, e.g. value.customer.id == 42 &amp;&amp; value.retries &gt; 2 (the README&apos;s &quot;Searching inside values&quot;).</source>
        <translation>Den Nutzlast-Filter als Bedingung lesen, mit der Nutzlast als value, z. B. value.customer.id == 42 &amp;&amp; value.retries &gt; 2 (im README unter „Searching inside values“).</translation>
    </message>
    <message>
        <source>payload where %1</source>
        <translation>Nutzlast mit %1</translation>
    </message>
    <message>
        <source>error signature %1</source>
        <translation>Fehlersignatur %1</translation>
    </message>
</context>
<context>
    <name>kvs::ui::RecentlyDeletedDialog</name>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Recently Deleted</source>
        <translation>Zuletzt gelöscht</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>Allow writes in this tab to restore.</source>
        <translation>Erlauben Sie in diesem Tab das Schreiben, um wiederherzustellen.</translation>
    </message>
    <message>
        <source>This was deleted from another database; open it to restore.</source>
        <translation>Dies wurde aus einer anderen Datenbank gelöscht; öffnen Sie diese, um es wiederherzustellen.</translation>
    </message>
    <message>
        <source>Restoring…</source>
        <translation>Wird wiederhergestellt…</translation>
    </message>
    <message>
        <source>Not restored: %1</source>
        <translation>Nicht wiederhergestellt: %1</translation>
    </message>
    <message numerus="yes">
        <source>Restored %Ln entry(s).</source>
        <translation>
            <numerusform>%Ln Eintrag wiederhergestellt.</numerusform>
            <numerusform>%Ln Einträge wiederhergestellt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln skipped: written since (or expired since).</source>
        <translation>
            <numerusform>%Ln übersprungen: seither geschrieben (oder seither abgelaufen).</numerusform>
            <numerusform>%Ln übersprungen: seither geschrieben (oder seither abgelaufen).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %Ln more</source>
        <translation>
            <numerusform>und %Ln weiterer</numerusform>
            <numerusform>und %Ln weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Written since: %1</source>
        <translation>Seither geschrieben: %1</translation>
    </message>
    <message>
        <source>Subtree %1</source>
        <translation>Teilbaum %1</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Suchergebnisse</translation>
    </message>
    <message>
        <source>Replaced by import of %1</source>
        <translation>Ersetzt durch Import von %1</translation>
    </message>
    <message>
        <source>What a subtree delete or a bulk delete of search results removed, and what an import replaced, is kept here first, in a file of the data folder only you can read. Restore writes it back; keys written since are left as they are. Restoring an import takes back what it wrote: the keys it created are deleted again.</source>
        <translation>Was das Löschen eines Teilbaums oder von Suchergebnissen entfernt und was ein Import ersetzt hat, wird hier zuerst aufbewahrt, in einer Datei im Datenordner, die nur Sie lesen können. Wiederherstellen schreibt es zurück; seither geschriebene Schlüssel bleiben, wie sie sind. Einen Import wiederherzustellen nimmt zurück, was er geschrieben hat: die Schlüssel, die er angelegt hat, werden wieder gelöscht.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) created by the import deleted.</source>
        <translation>
            <numerusform>%Ln vom Import angelegter Schlüssel gelöscht.</numerusform>
            <numerusform>%Ln vom Import angelegte Schlüssel gelöscht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Restore %1?</source>
        <translation>%1 wiederherstellen?</translation>
    </message>
    <message numerus="yes">
        <source>Restored %1: %Ln put back, %2 skipped</source>
        <translation>
            <numerusform>Am %1 wiederhergestellt: %Ln zurückgeschrieben, %2 übersprungen</numerusform>
            <numerusform>Am %1 wiederhergestellt: %Ln zurückgeschrieben, %2 übersprungen</numerusform>
        </translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>This was restored already: what it holds is back, or was written since.</source>
        <translation>Dies wurde schon wiederhergestellt: Was es enthält, ist zurück oder wurde seither geschrieben.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SavedConnectionEditor</name>
    <message>
        <source>Environment&apos;s colour</source>
        <translation>Farbe der Umgebung</translation>
    </message>
    <message>
        <source>Saved Connection</source>
        <translation>Gespeicherte Verbindung</translation>
    </message>
    <message>
        <source>e.g. billing, eu</source>
        <translation>z. B. billing, eu</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>Connection:</source>
        <translation>Verbindung:</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>&amp;Umgebung:</translation>
    </message>
    <message>
        <source>&amp;Colour:</source>
        <translation>&amp;Farbe:</translation>
    </message>
    <message>
        <source>&amp;Tags:</source>
        <translation>&amp;Tags:</translation>
    </message>
    <message>
        <source>Colour of the Connection</source>
        <translation>Farbe der Verbindung</translation>
    </message>
    <message>
        <source>%1 (the environment&apos;s)</source>
        <translation>%1 (die der Umgebung)</translation>
    </message>
    <message>
        <source>Give the connection a name.</source>
        <translation>Geben Sie der Verbindung einen Namen.</translation>
    </message>
    <message>
        <source>Another saved connection is named &quot;%1&quot;.</source>
        <translation>Eine andere gespeicherte Verbindung heißt „%1“.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SavedConnectionsPanel</name>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Speichern…</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Bearbeiten…</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>D&amp;uplizieren</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>More</source>
        <translation>Mehr</translation>
    </message>
    <message>
        <source>Filter by name, tag or host</source>
        <translation>Nach Name, Tag oder Host filtern</translation>
    </message>
    <message>
        <source>By environment</source>
        <translation>Nach Umgebung</translation>
    </message>
    <message>
        <source>By tag</source>
        <translation>Nach Tag</translation>
    </message>
    <message>
        <source>Save the connection of the form under a name</source>
        <translation>Die Verbindung des Formulars unter einem Namen speichern</translation>
    </message>
    <message>
        <source>Rename or re-colour the selected connection; it takes the form&apos;s connection</source>
        <translation>Die ausgewählte Verbindung umbenennen oder umfärben; sie übernimmt die Verbindung des Formulars</translation>
    </message>
    <message>
        <source>Import Connections…</source>
        <translation>Verbindungen importieren…</translation>
    </message>
    <message>
        <source>Import Connections</source>
        <translation>Verbindungen importieren</translation>
    </message>
    <message>
        <source>Connections (*.json);;All files (*)</source>
        <translation>Verbindungen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import libpq Services…</source>
        <translation>libpq-Dienste importieren…</translation>
    </message>
    <message>
        <source>Import libpq Services</source>
        <translation>libpq-Dienste importieren</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export Connections…</source>
        <translation>Verbindungen exportieren…</translation>
    </message>
    <message>
        <source>Export Connections</source>
        <translation>Verbindungen exportieren</translation>
    </message>
    <message>
        <source>Connections (*.json)</source>
        <translation>Verbindungen (*.json)</translation>
    </message>
    <message>
        <source>No tag</source>
        <translation>Ohne Tag</translation>
    </message>
    <message>
        <source>Tags: %1</source>
        <translation>Tags: %1</translation>
    </message>
    <message>
        <source>No saved connections yet: fill in the form, then Save…</source>
        <translation>Noch keine gespeicherten Verbindungen: Formular ausfüllen, dann Speichern…</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1 (Kopie)</translation>
    </message>
    <message>
        <source>Delete Saved Connection</source>
        <translation>Gespeicherte Verbindung löschen</translation>
    </message>
    <message>
        <source>Delete the saved connection &quot;%1&quot;?</source>
        <translation>Die gespeicherte Verbindung „%1“ löschen?</translation>
    </message>
    <message>
        <source>Only the saved entry goes (%1); the database and the recent connections are not touched.</source>
        <translation>Nur der gespeicherte Eintrag wird entfernt (%1); die Datenbank und die letzten Verbindungen bleiben unberührt.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>The connections could not be imported: %1</source>
        <translation>Die Verbindungen konnten nicht importiert werden: %1</translation>
    </message>
    <message>
        <source>The services could not be imported: %1</source>
        <translation>Die Dienste konnten nicht importiert werden: %1</translation>
    </message>
    <message>
        <source>The connections could not be written to %1: %2</source>
        <translation>Die Verbindungen konnten nicht nach %1 geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SavedReportsPanel</name>
    <message>
        <source>Report</source>
        <translation>Bericht</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <source>Prefix</source>
        <translation>Präfix</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Select two reports to compare them; double-click one to show it.</source>
        <translation>Wählen Sie zwei Berichte, um sie zu vergleichen; ein Doppelklick zeigt einen an.</translation>
    </message>
    <message>
        <source>Select two saved reports to compare them.</source>
        <translation>Wählen Sie zwei gespeicherte Berichte, um sie zu vergleichen.</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Bytes before</source>
        <translation>Bytes vorher</translation>
    </message>
    <message>
        <source>Bytes after</source>
        <translation>Bytes nachher</translation>
    </message>
    <message>
        <source>Entries before</source>
        <translation>Einträge vorher</translation>
    </message>
    <message>
        <source>Entries after</source>
        <translation>Einträge nachher</translation>
    </message>
    <message>
        <source>Entries change</source>
        <translation>Änderung der Einträge</translation>
    </message>
    <message>
        <source>All keys</source>
        <translation>Alle Schlüssel</translation>
    </message>
    <message>
        <source>The saved reports cannot be read: %1</source>
        <translation>Die gespeicherten Berichte können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Comparing report %1 with report %2…</source>
        <translation>Bericht %1 wird mit Bericht %2 verglichen…</translation>
    </message>
    <message>
        <source>These reports cannot be compared: %1</source>
        <translation>Diese Berichte lassen sich nicht vergleichen: %1</translation>
    </message>
    <message>
        <source>appeared</source>
        <translation>hinzugekommen</translation>
    </message>
    <message>
        <source>vanished</source>
        <translation>verschwunden</translation>
    </message>
    <message>
        <source>Nothing changed between report %1 and report %2.</source>
        <translation>Zwischen Bericht %1 und Bericht %2 hat sich nichts geändert.</translation>
    </message>
    <message>
        <source>Report %1 → report %2: %3, largest change first; %4, %5.</source>
        <translation>Bericht %1 → Bericht %2: %3, größte Änderung zuerst; %4, %5.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln prefix(es) changed</source>
        <translation>
            <numerusform>%Ln Präfix geändert</numerusform>
            <numerusform>%Ln Präfixe geändert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln appeared</source>
        <translation>
            <numerusform>%Ln hinzugekommen</numerusform>
            <numerusform>%Ln hinzugekommen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln vanished</source>
        <translation>
            <numerusform>%Ln verschwunden</numerusform>
            <numerusform>%Ln verschwunden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::SearchView</name>
    <message>
        <source>Keys</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Werte</translation>
    </message>
    <message>
        <source>Keys one of whose parts contains a text</source>
        <translation>Schlüssel, von denen ein Teil einen Text enthält</translation>
    </message>
    <message>
        <source>Entries whose value contains a text, matches a regular expression or a condition</source>
        <translation>Einträge, deren Wert einen Text enthält, zu einem regulären Ausdruck passt oder eine Bedingung erfüllt</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ServerActionGate</name>
    <message>
        <source>Needs the database, which cannot be reached since %1; it is tried again by itself.</source>
        <translation>Braucht die Datenbank, die seit %1 nicht erreichbar ist; sie wird von selbst erneut versucht.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ServerRoleStatus</name>
    <message numerus="yes">
        <source>replay lag %Ln s</source>
        <translation>
            <numerusform>Replikationsverzug %Ln s</numerusform>
            <numerusform>Replikationsverzug %Ln s</numerusform>
        </translation>
    </message>
    <message>
        <source>replay lag unknown</source>
        <translation>Replikationsverzug unbekannt</translation>
    </message>
    <message>
        <source>a primary this user may not see</source>
        <translation>einem Primärserver, den dieser Benutzer nicht sehen darf</translation>
    </message>
    <message>
        <source>Replica of %1, %2</source>
        <translation>Replikat von %1, %2</translation>
    </message>
    <message>
        <source>Now connected to %1</source>
        <translation>Jetzt verbunden mit %1</translation>
    </message>
    <message>
        <source>This server is a standby (a read replica in recovery): it takes no writes. Connect to its primary to write.</source>
        <translation>Dieser Server ist ein Standby (ein Lesereplikat in der Wiederherstellung): Er nimmt keine Schreibvorgänge an. Zum Schreiben mit seinem Primärserver verbinden.</translation>
    </message>
    <message>
        <source>Not encrypted</source>
        <translation>Nicht verschlüsselt</translation>
    </message>
    <message>
        <source>TLS: %1, %2</source>
        <translation>TLS: %1, %2</translation>
    </message>
    <message>
        <source>The connection to %1 is not encrypted: what goes over it can be read on the way. Set sslmode in the Connect dialog to require TLS.</source>
        <translation>Die Verbindung zu %1 ist nicht verschlüsselt: Was über sie geht, kann unterwegs mitgelesen werden. Setzen Sie im Verbinden-Dialog sslmode, um TLS zu verlangen.</translation>
    </message>
    <message>
        <source>The connection to %1 is encrypted with %2 (cipher %3).</source>
        <translation>Die Verbindung zu %1 ist mit %2 verschlüsselt (Cipher %3).</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>Was es tut</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>A view&apos;s shortcuts work while it is shown; those of a list or tree, while it has the focus.</source>
        <translation>Die Tastenkürzel einer Ansicht wirken, solange sie angezeigt wird; die einer Liste oder eines Baums, solange sie den Fokus hat.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SingleInstance</name>
    <message>
        <source>Another KVS Admin is starting; could not wait for it.</source>
        <translation>Ein anderes KVS Admin startet gerade; es konnte nicht darauf gewartet werden.</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation>Kann nicht auf %1 lauschen: %2</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SqlConsolePane</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Plan zeigen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Als CSV exportieren…</translation>
    </message>
    <message>
        <source>Allow writing SQL</source>
        <translation>Schreibendes SQL erlauben</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>One SQL statement, e.g. SELECT * FROM kv LIMIT 100</source>
        <translation>Eine SQL-Anweisung, z. B. SELECT * FROM kv LIMIT 100</translation>
    </message>
    <message>
        <source>Run the statement (Ctrl+Return)</source>
        <translation>Die Anweisung ausführen (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Show the database&apos;s plan for the statement without running it</source>
        <translation>Den Plan der Datenbank für die Anweisung zeigen, ohne sie auszuführen</translation>
    </message>
    <message>
        <source>Writing SQL needs the database&apos;s &quot;Allow writes&quot; first</source>
        <translation>Schreibendes SQL braucht zuerst „Schreiben erlauben“ der Datenbank</translation>
    </message>
    <message>
        <source>Writing SQL is on: statements change the tables directly, bypassing kvs&apos;s rules (versionstamps, expiry, queue states, the locks of kvs processes).</source>
        <translation>Schreibendes SQL ist an: Anweisungen ändern die Tabellen direkt und umgehen die Regeln von kvs (Versionsstempel, Ablauf, Zustände der Warteschlange, die Sperren von kvs-Prozessen).</translation>
    </message>
    <message>
        <source>Read-only: statements run in a read-only transaction</source>
        <translation>Nur lesen: Anweisungen laufen in einer Nur-Lese-Transaktion</translation>
    </message>
    <message>
        <source>Allow writing SQL?</source>
        <translation>Schreibendes SQL erlauben?</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Läuft…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The statement runs, but the history is not kept: %1</source>
        <translation>Die Anweisung läuft, aber der Verlauf wird nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Exported %1 row(s) to %2</source>
        <translation>%1 Zeile(n) nach %2 exportiert</translation>
    </message>
    <message>
        <source>Let statements change the tables directly</source>
        <translation>Anweisungen die Tabellen direkt ändern lassen</translation>
    </message>
    <message>
        <source>%1 row(s) affected in %2</source>
        <translation>%1 Zeile(n) betroffen in %2</translation>
    </message>
    <message>
        <source>Done in %1</source>
        <translation>Fertig in %1</translation>
    </message>
    <message>
        <source>%1 row(s) in %2</source>
        <translation>%1 Zeile(n) in %2</translation>
    </message>
    <message>
        <source>Statements will change the tables of %1 directly. They bypass kvs&apos;s rules: versionstamps, expiry, queue states and the locks other kvs processes take. A wrong statement can corrupt the store for every program that uses it.

Each statement commits when it ends.</source>
        <translation>Anweisungen ändern die Tabellen von %1 direkt. Sie umgehen die Regeln von kvs: Versionsstempel, Ablauf, Zustände der Warteschlange und die Sperren anderer kvs-Prozesse. Eine falsche Anweisung kann den Speicher für jedes Programm beschädigen, das ihn nutzt.

Jede Anweisung wird bestätigt (COMMIT), wenn sie endet.</translation>
    </message>
    <message>
        <source>Writing: each statement commits when it ends</source>
        <translation>Schreiben: jede Anweisung wird bestätigt, wenn sie endet</translation>
    </message>
    <message>
        <source>[write] %1</source>
        <translation>[schreibend] %1</translation>
    </message>
    <message>
        <source>Export the result as CSV</source>
        <translation>Das Ergebnis als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>superuser</source>
        <translation>Superuser</translation>
    </message>
    <message>
        <source>runs programs on the server</source>
        <translation>führt Programme auf dem Server aus</translation>
    </message>
    <message>
        <source>writes files on the server</source>
        <translation>schreibt Dateien auf dem Server</translation>
    </message>
    <message>
        <source>ends other sessions</source>
        <translation>beendet andere Sitzungen</translation>
    </message>
    <message>
        <source>replication</source>
        <translation>Replikation</translation>
    </message>
    <message>
        <source>Connected as %1, a role that can do more than read (%2). The read-only console refuses writes and the functions it knows to have effects, but a role that can only read is the sure way: connect as one, e.g. CREATE ROLE kvs_reader LOGIN; GRANT USAGE ON SCHEMA … TO kvs_reader; GRANT SELECT ON ALL TABLES IN SCHEMA … TO kvs_reader.</source>
        <translation>Verbunden als %1, eine Rolle, die mehr als lesen kann (%2). Die Nur-Lese-Konsole verweigert Schreibzugriffe und die Funktionen, von deren Wirkung sie weiß, aber sicher ist nur eine Rolle, die bloß lesen kann: Verbinden Sie sich als eine solche, z. B. CREATE ROLE kvs_reader LOGIN; GRANT USAGE ON SCHEMA … TO kvs_reader; GRANT SELECT ON ALL TABLES IN SCHEMA … TO kvs_reader.</translation>
    </message>
    <message>
        <source>%1 row(s) read; the result was closed after %2 s idle, which ended its transaction (Preferences ▸ SQL console). Run the statement again to read on.</source>
        <translation>%1 Zeile(n) gelesen; das Ergebnis wurde nach %2 s ohne Lesen geschlossen, was seine Transaktion beendet hat (Voreinstellungen ▸ SQL-Konsole). Führen Sie die Anweisung erneut aus, um weiterzulesen.</translation>
    </message>
    <message>
        <source>%1 row(s) so far (more as you scroll; it closes after %3 s idle), first page in %2</source>
        <translation>Bisher %1 Zeile(n) (mehr beim Blättern; wird nach %3 s ohne Lesen geschlossen), erste Seite in %2</translation>
    </message>
    <message>
        <source>Run the statement</source>
        <translation>Die Anweisung ausführen</translation>
    </message>
    <message>
        <source>The history cannot be read: %1</source>
        <translation>Der Verlauf kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SqliteConnectionPage</name>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen …</translation>
    </message>
    <message>
        <source>Open an &amp;existing file</source>
        <translation>&amp;Vorhandene Datei öffnen</translation>
    </message>
    <message>
        <source>Create a &amp;new database</source>
        <translation>&amp;Neue Datenbank anlegen</translation>
    </message>
    <message>
        <source>Path of the SQLite file</source>
        <translation>Pfad der SQLite-Datei</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Datei:</translation>
    </message>
    <message>
        <source>Create a kvs database</source>
        <translation>kvs-Datenbank anlegen</translation>
    </message>
    <message>
        <source>Open a kvs database</source>
        <translation>kvs-Datenbank öffnen</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3 *.kvs)</source>
        <translation>SQLite-Datenbanken (*.db *.sqlite *.sqlite3 *.kvs)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SshAskpass</name>
    <message>
        <source>SSH</source>
        <translation>SSH</translation>
    </message>
    <message>
        <source>Passphrase:</source>
        <translation>Passphrase:</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SshHostKeyDialog</name>
    <message>
        <source>Unknown SSH host key</source>
        <translation>Unbekannter SSH-Hostschlüssel</translation>
    </message>
    <message>
        <source>The SSH host %1 is not known yet.</source>
        <translation>Der SSH-Host %1 ist noch nicht bekannt.</translation>
    </message>
    <message>
        <source>Its %1 key has the fingerprint
%2

Nothing has been sent to it. Compare the fingerprint with the one its administrator gives you (ssh-keygen -lf on the host&apos;s key) before trusting it; KVS Admin keeps trusted keys in %3.</source>
        <translation>Sein %1-Schlüssel hat den Fingerabdruck
%2

Es wurde noch nichts an ihn gesendet. Vergleichen Sie den Fingerabdruck mit dem, den Ihnen sein Administrator nennt (ssh-keygen -lf auf dem Schlüssel des Hosts), bevor Sie ihm vertrauen; KVS Admin speichert vertraute Schlüssel in %3.</translation>
    </message>
    <message>
        <source>&amp;Trust and connect</source>
        <translation>&amp;Vertrauen und verbinden</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SshOptionsBox</name>
    <message>
        <source>Through an SSH tunnel</source>
        <translation>Über einen SSH-Tunnel</translation>
    </message>
    <message>
        <source>Reach the server through the system&apos;s ssh, as a terminal would: ~/.ssh/config, ProxyJump, the agent and known_hosts apply. The host above is the database server as the SSH host sees it (often localhost).</source>
        <translation>Den Server über das ssh des Systems erreichen, wie ein Terminal es täte: ~/.ssh/config, ProxyJump, der Agent und known_hosts gelten. Der Host oben ist der Datenbankserver, wie der SSH-Host ihn sieht (oft localhost).</translation>
    </message>
    <message>
        <source>bastion.example.com or a Host of ~/.ssh/config</source>
        <translation>bastion.example.com oder ein Host aus ~/.ssh/config</translation>
    </message>
    <message>
        <source>From ~/.ssh/config, else your login</source>
        <translation>Aus ~/.ssh/config, sonst Ihr Login</translation>
    </message>
    <message>
        <source>The agent&apos;s keys, or ~/.ssh/config&apos;s</source>
        <translation>Die Schlüssel des Agenten oder aus ~/.ssh/config</translation>
    </message>
    <message>
        <source>Po&amp;rt:</source>
        <translation>Po&amp;rt:</translation>
    </message>
    <message>
        <source>SSH h&amp;ost:</source>
        <translation>SSH-H&amp;ost:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Identity file:</source>
        <translation>&amp;Schlüsseldatei:</translation>
    </message>
    <message>
        <source>A passphrase or password is asked when connecting, never kept.</source>
        <translation>Eine Passphrase oder ein Passwort wird beim Verbinden erfragt und nie gespeichert.</translation>
    </message>
    <message>
        <source>SSH &amp;user:</source>
        <translation>SSH-&amp;Benutzer:</translation>
    </message>
    <message>
        <source>Identity file</source>
        <translation>Schlüsseldatei</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>kvs::ui::StructuredValueModel</name>
    <message>
        <source>(value)</source>
        <translation>(Wert)</translation>
    </message>
    <message>
        <source>Array(%1)</source>
        <translation>Array(%1)</translation>
    </message>
    <message>
        <source>Set(%1)</source>
        <translation>Set(%1)</translation>
    </message>
    <message>
        <source>Object(%1)</source>
        <translation>Objekt(%1)</translation>
    </message>
    <message>
        <source>Map(%1)</source>
        <translation>Map(%1)</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
</context>
<context>
    <name>kvs::ui::StructuredValueView</name>
    <message>
        <source>Copy Path</source>
        <translation>Pfad kopieren</translation>
    </message>
    <message>
        <source>Copy Value as Literal</source>
        <translation>Wert als Literal kopieren</translation>
    </message>
    <message>
        <source>Select a row to see it whole.</source>
        <translation>Eine Zeile auswählen, um sie ganz zu sehen.</translation>
    </message>
    <message>
        <source>Copied path %1</source>
        <translation>Pfad %1 kopiert</translation>
    </message>
    <message>
        <source>Copied the value as a literal</source>
        <translation>Wert als Literal kopiert</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SubtreeBulkAction</name>
    <message>
        <source>the whole database</source>
        <translation>die ganze Datenbank</translation>
    </message>
    <message>
        <source>%1 and the keys below it</source>
        <translation>%1 und die Schlüssel darunter</translation>
    </message>
    <message>
        <source>Counting the lines of %1…</source>
        <translation>Zeilen von %1 werden gezählt…</translation>
    </message>
    <message>
        <source>Counting the entries of %1…</source>
        <translation>Einträge von %1 werden gezählt…</translation>
    </message>
    <message>
        <source>Stopping after the current batch…</source>
        <translation>Hält nach dem laufenden Block an…</translation>
    </message>
    <message>
        <source>Could not count: %1</source>
        <translation>Zählen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled while counting; nothing was changed.</source>
        <translation>Beim Zählen abgebrochen; nichts wurde geändert.</translation>
    </message>
    <message>
        <source>%1 holds no entries; nothing was imported.</source>
        <translation>%1 enthält keine Einträge; nichts wurde importiert.</translation>
    </message>
    <message>
        <source>No entries in %1; nothing to do.</source>
        <translation>Keine Einträge in %1; nichts zu tun.</translation>
    </message>
    <message>
        <source>Cancelled; nothing was changed.</source>
        <translation>Abgebrochen; nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Export subtree</source>
        <translation>Teilbaum exportieren</translation>
    </message>
    <message numerus="yes">
        <source>Export %Ln entries of %1 to %2?</source>
        <translation>
            <numerusform>%Ln Eintrag von %1 nach %2 exportieren?</numerusform>
            <numerusform>%Ln Einträge von %1 nach %2 exportieren?</numerusform>
        </translation>
    </message>
    <message>
        <source>The export is read in pages of 1,000 entries and is not one snapshot: writes committed while it runs may or may not be in it. Each line holds a key and its value as literals, and its expiry; versions and queue messages are not exported. The file is written only if the export completes.</source>
        <translation>Der Export wird in Seiten zu 1.000 Einträgen gelesen und ist kein einzelner Schnappschuss: Schreibvorgänge, die während des Exports bestätigt werden, können enthalten sein oder nicht. Jede Zeile enthält einen Schlüssel und seinen Wert als Literale sowie seinen Ablauf; Versionen und Warteschlangen-Nachrichten werden nicht exportiert. Die Datei wird nur geschrieben, wenn der Export vollständig ist.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Delete subtree</source>
        <translation>Teilbaum löschen</translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln entries of %1?</source>
        <translation>
            <numerusform>%Ln Eintrag von %1 löschen?</numerusform>
            <numerusform>%Ln Einträge von %1 löschen?</numerusform>
        </translation>
    </message>
    <message>
        <source>They are deleted in batches of 1,000 entries, each its own short transaction. Cancel stops after the current batch; what was deleted stays deleted. This cannot be undone.</source>
        <translation>Sie werden in Blöcken zu 1.000 Einträgen gelöscht, jeder in einer eigenen kurzen Transaktion. Abbrechen hält nach dem laufenden Block an; was gelöscht wurde, bleibt gelöscht. Dies kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Import entries</source>
        <translation>Einträge importieren</translation>
    </message>
    <message numerus="yes">
        <source>Import the %Ln entries of %1 into this database?</source>
        <translation>
            <numerusform>Den %Ln Eintrag aus %1 in diese Datenbank importieren?</numerusform>
            <numerusform>Die %Ln Einträge aus %1 in diese Datenbank importieren?</numerusform>
        </translation>
    </message>
    <message>
        <source>Each entry is written at the key the file names (keys are absolute), not below the selected row. Written in batches of 1,000 entries, each its own transaction with a new versionstamp; entries whose expiry has passed are skipped. A malformed line stops the import there: nothing of its batch is written, the batches before it stay. Keys that already hold an entry: keep them, or overwrite them?</source>
        <translation>Jeder Eintrag wird unter dem Schlüssel geschrieben, den die Datei nennt (Schlüssel sind absolut), nicht unterhalb der gewählten Zeile. Geschrieben wird in Blöcken zu 1.000 Einträgen, jeder in einer eigenen Transaktion mit neuem Versionsstempel; abgelaufene Einträge werden übersprungen. Eine fehlerhafte Zeile beendet den Import dort: Von ihrem Block wird nichts geschrieben, die Blöcke davor bleiben. Schlüssel, die schon einen Eintrag haben: behalten oder überschreiben?</translation>
    </message>
    <message>
        <source>Import, keep existing</source>
        <translation>Importieren, vorhandene behalten</translation>
    </message>
    <message>
        <source>Import, overwrite existing</source>
        <translation>Importieren, vorhandene überschreiben</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>%1 wird exportiert…</translation>
    </message>
    <message>
        <source>Deleting %1…</source>
        <translation>%1 wird gelöscht…</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message numerus="yes">
        <source>Import stopped at line %1 (%2). Nothing of that line&apos;s batch was written; %Ln entries were imported before it.</source>
        <translation>
            <numerusform>Import in Zeile %1 angehalten (%2). Vom Block dieser Zeile wurde nichts geschrieben; davor wurde %Ln Eintrag importiert.</numerusform>
            <numerusform>Import in Zeile %1 angehalten (%2). Vom Block dieser Zeile wurde nichts geschrieben; davor wurden %Ln Einträge importiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Failed after %Ln entries: %1</source>
        <translation>
            <numerusform>Fehlgeschlagen nach %Ln Eintrag: %1</numerusform>
            <numerusform>Fehlgeschlagen nach %Ln Einträgen: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Export cancelled after %Ln entries; %1 was not written.</source>
        <translation>
            <numerusform>Export nach %Ln Eintrag abgebrochen; %1 wurde nicht geschrieben.</numerusform>
            <numerusform>Export nach %Ln Einträgen abgebrochen; %1 wurde nicht geschrieben.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln entries to %1.</source>
        <translation>
            <numerusform>%Ln Eintrag nach %1 exportiert.</numerusform>
            <numerusform>%Ln Einträge nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete cancelled: %Ln entries were deleted before it stopped.</source>
        <translation>
            <numerusform>Löschen abgebrochen: %Ln Eintrag wurde vorher gelöscht.</numerusform>
            <numerusform>Löschen abgebrochen: %Ln Einträge wurden vorher gelöscht.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln entries.</source>
        <translation>
            <numerusform>%Ln Eintrag gelöscht.</numerusform>
            <numerusform>%Ln Einträge gelöscht.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Import cancelled: %Ln entries imported (%1 skipped) before it stopped.</source>
        <translation>
            <numerusform>Import abgebrochen: vorher %Ln Eintrag importiert (%1 übersprungen).</numerusform>
            <numerusform>Import abgebrochen: vorher %Ln Einträge importiert (%1 übersprungen).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %Ln entries, skipped %1.</source>
        <translation>
            <numerusform>%Ln Eintrag importiert, %1 übersprungen.</numerusform>
            <numerusform>%Ln Einträge importiert, %1 übersprungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Copy subtree</source>
        <translation>Teilbaum kopieren</translation>
    </message>
    <message numerus="yes">
        <source>Copy %Ln entries of %1 from %2 to %3?</source>
        <translation>
            <numerusform>%Ln Eintrag von %1 aus %2 nach %3 kopieren?</numerusform>
            <numerusform>%Ln Einträge von %1 aus %2 nach %3 kopieren?</numerusform>
        </translation>
    </message>
    <message>
        <source>Each entry is written at the same key in %1, in batches of 1,000 entries, each its own short transaction with a new versionstamp of %1; entries whose expiry has passed are skipped, the others keep their expiry time. %2 is read in pages and is not one snapshot. Cancel stops after the current batch; what was copied stays. Keys of %1 that already hold an entry: skip them, or overwrite them?</source>
        <translation>Jeder Eintrag wird unter demselben Schlüssel in %1 geschrieben, in Stapeln zu 1.000 Einträgen, jeder Stapel eine eigene kurze Transaktion mit einem neuen Versionsstempel von %1; abgelaufene Einträge werden übersprungen, die übrigen behalten ihre Ablaufzeit. %2 wird seitenweise gelesen und ist kein einheitlicher Schnappschuss. Abbrechen hält nach dem laufenden Stapel an; was kopiert wurde, bleibt. Schlüssel von %1, die bereits einen Eintrag enthalten: überspringen oder überschreiben?</translation>
    </message>
    <message>
        <source>Copy, skip existing</source>
        <translation>Kopieren, vorhandene überspringen</translation>
    </message>
    <message>
        <source>Copy, overwrite existing</source>
        <translation>Kopieren, vorhandene überschreiben</translation>
    </message>
    <message>
        <source>Copying %1 to %2…</source>
        <translation>%1 wird nach %2 kopiert…</translation>
    </message>
    <message numerus="yes">
        <source>Copy cancelled: %Ln entries copied to %1 (%2 skipped) before it stopped.</source>
        <translation>
            <numerusform>Kopieren abgebrochen: %Ln Eintrag wurde vor dem Anhalten nach %1 kopiert (%2 übersprungen).</numerusform>
            <numerusform>Kopieren abgebrochen: %Ln Einträge wurden vor dem Anhalten nach %1 kopiert (%2 übersprungen).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln entries to %1, skipped %2.</source>
        <translation>
            <numerusform>%Ln Eintrag nach %1 kopiert, %2 übersprungen.</numerusform>
            <numerusform>%Ln Einträge nach %1 kopiert, %2 übersprungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>What an overwrite replaces is first kept in Edit &gt; Recently Deleted, whose Restore takes the import back.</source>
        <translation>Was ein Überschreiben ersetzt, wird zuerst unter Bearbeiten &gt; Zuletzt gelöscht aufbewahrt; dort nimmt Wiederherstellen den Import zurück.</translation>
    </message>
    <message>
        <source>Keeping %1 in Recently Deleted, then deleting it…</source>
        <translation>%1 wird unter „Zuletzt gelöscht“ aufbewahrt, dann gelöscht…</translation>
    </message>
    <message>
        <source>They are first kept in Edit &gt; Recently Deleted (which can put them back), then deleted in batches of 1,000 entries, each its own short transaction; an entry written after it was kept is not deleted. Cancel stops after the current batch; what was deleted stays deleted.</source>
        <translation>Sie werden zuerst unter Bearbeiten &gt; Zuletzt gelöscht aufbewahrt (von dort lassen sie sich zurückholen) und dann in Stapeln zu 1.000 Einträgen gelöscht, jeder Stapel eine eigene kurze Transaktion; ein Eintrag, der nach dem Aufbewahren geschrieben wurde, wird nicht gelöscht. Abbrechen hält nach dem laufenden Stapel an; was gelöscht ist, bleibt gelöscht.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln kept entries had changed since (written, deleted or expired) and were left as they are.</source>
        <translation>
            <numerusform>%Ln aufbewahrter Eintrag hatte sich seither geändert (geschrieben, gelöscht oder abgelaufen) und blieb, wie er ist.</numerusform>
            <numerusform>%Ln aufbewahrte Einträge hatten sich seither geändert (geschrieben, gelöscht oder abgelaufen) und blieben, wie sie sind.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::SweepJob</name>
    <message>
        <source>Cancelled before it started.</source>
        <translation>Vor dem Start abgebrochen.</translation>
    </message>
    <message>
        <source>The job failed: %1</source>
        <translation>Der Auftrag ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The job failed (nothing is deleted before the export is written): %1</source>
        <translation>Der Auftrag ist fehlgeschlagen (vor dem geschriebenen Export wird nichts gelöscht): %1</translation>
    </message>
    <message numerus="yes">
        <source>Retried %Ln message(s).</source>
        <translation>
            <numerusform>%Ln Nachricht erneut versucht.</numerusform>
            <numerusform>%Ln Nachrichten erneut versucht.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln message(s).</source>
        <translation>
            <numerusform>%Ln Nachricht gelöscht.</numerusform>
            <numerusform>%Ln Nachrichten gelöscht.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s) match.</source>
        <translation>
            <numerusform>%Ln Nachricht passt.</numerusform>
            <numerusform>%Ln Nachrichten passen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln message(s) to %1.</source>
        <translation>
            <numerusform>%Ln Nachricht nach %1 exportiert.</numerusform>
            <numerusform>%Ln Nachrichten nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled. %1</source>
        <translation>Abgebrochen. %1</translation>
    </message>
</context>
<context>
    <name>kvs::ui::SweepJobBar</name>
    <message>
        <source>Start at</source>
        <translation>Start um</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>Bulk jobs touch at most this many messages per second; empty: as fast as short batches go.</source>
        <translation>Massenaufträge bearbeiten höchstens so viele Nachrichten pro Sekunde; leer: so schnell, wie kurze Stapel es erlauben.</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>A bulk retry pauses by itself when more than this share of the messages it retried have died again.</source>
        <translation>Ein massenhaftes erneutes Versuchen hält von selbst an, wenn mehr als dieser Anteil der erneut versuchten Nachrichten wieder tot ist.</translation>
    </message>
    <message>
        <source>Bulk jobs start at this time (today, or tomorrow if it has passed). The job waits only while KVS Admin stays open.</source>
        <translation>Massenaufträge starten zu dieser Uhrzeit (heute oder, wenn sie vorbei ist, morgen). Der Auftrag wartet nur, solange KVS Admin geöffnet bleibt.</translation>
    </message>
    <message>
        <source>Bulk jobs: messages per second</source>
        <translation>Massenaufträge: Nachrichten pro Sekunde</translation>
    </message>
    <message>
        <source>auto-pause when died again above</source>
        <translation>automatisch anhalten, wenn wieder tot über</translation>
    </message>
    <message>
        <source>At most %1 messages per second.</source>
        <translation>Höchstens %1 Nachrichten pro Sekunde.</translation>
    </message>
    <message>
        <source>No rate limit: batches of at most 1000 messages and about 10 ms each.</source>
        <translation>Keine Ratenbegrenzung: Stapel von höchstens 1000 Nachrichten und etwa 10 ms.</translation>
    </message>
    <message>
        <source>It pauses by itself when more than %1 % of the retried messages die again.</source>
        <translation>Er hält von selbst an, wenn mehr als %1 % der erneut versuchten Nachrichten wieder sterben.</translation>
    </message>
    <message>
        <source>It starts at %1 on %2, and only if KVS Admin is still open then.</source>
        <translation>Er startet um %1 am %2, und nur, wenn KVS Admin dann noch geöffnet ist.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Scheduled: the job starts at %1 on %2. It runs only while KVS Admin stays open; Cancel drops it.</source>
        <translation>Geplant: Der Auftrag startet um %1 am %2. Er läuft nur, solange KVS Admin geöffnet bleibt; „Abbrechen“ verwirft ihn.</translation>
    </message>
    <message>
        <source>Read %1 dead messages, %2 matched, %3 done, %4 messages/s.</source>
        <translation>%1 tote Nachrichten gelesen, %2 passend, %3 erledigt, %4 Nachrichten/s.</translation>
    </message>
    <message numerus="yes">
        <source>Exporting before the delete: %Ln message(s) written…</source>
        <translation>
            <numerusform>Export vor dem Löschen: %Ln Nachricht geschrieben…</numerusform>
            <numerusform>Export vor dem Löschen: %Ln Nachrichten geschrieben…</numerusform>
        </translation>
    </message>
    <message>
        <source>Paused by itself: %1 of the %2 messages this job retried died again (more than %3 %). Resume or Cancel. %4</source>
        <translation>Von selbst angehalten: %1 der %2 von diesem Auftrag erneut versuchten Nachrichten sind wieder tot (mehr als %3 %). Fortsetzen oder abbrechen. %4</translation>
    </message>
    <message>
        <source>Paused (after the batch in flight). Resume or Cancel. %1</source>
        <translation>Angehalten (nach dem laufenden Stapel). Fortsetzen oder abbrechen. %1</translation>
    </message>
    <message>
        <source>Read %1 messages, %2 matched…</source>
        <translation>%1 Nachrichten gelesen, %2 passen…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s) match (of %1 read).</source>
        <translation>
            <numerusform>%Ln Nachricht passt (von %1 gelesenen).</numerusform>
            <numerusform>%Ln Nachrichten passen (von %1 gelesenen).</numerusform>
        </translation>
    </message>
    <message>
        <source>The count failed: %1</source>
        <translation>Das Zählen ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled. %1</source>
        <translation>Abgebrochen. %1</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TableRowsModel</name>
    <message>
        <source>loading…</source>
        <translation>lädt…</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TablesPane</name>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Read-only: the tables as stored</source>
        <translation>Nur lesen: die Tabellen, wie gespeichert</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Tabelle:</translation>
    </message>
    <message>
        <source>%1 row(s) · first page in %2 ms</source>
        <translation>%1 Zeile(n) · erste Seite in %2 ms</translation>
    </message>
    <message>
        <source>Cannot read the tables: %1</source>
        <translation>Die Tabellen können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Liest…</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>No kvs tables in this database</source>
        <translation>Keine kvs-Tabellen in dieser Datenbank</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TlsOptionsBox</name>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>Default (prefer, or PGSSLMODE)</source>
        <translation>Standard (prefer, oder PGSSLMODE)</translation>
    </message>
    <message>
        <source>disable: never encrypted</source>
        <translation>disable: nie verschlüsselt</translation>
    </message>
    <message>
        <source>allow: encrypted if the server insists</source>
        <translation>allow: verschlüsselt, wenn der Server darauf besteht</translation>
    </message>
    <message>
        <source>prefer: encrypted if the server can</source>
        <translation>prefer: verschlüsselt, wenn der Server es kann</translation>
    </message>
    <message>
        <source>require: encrypted, server not checked</source>
        <translation>require: verschlüsselt, Server nicht geprüft</translation>
    </message>
    <message>
        <source>verify-ca: encrypted, certificate checked</source>
        <translation>verify-ca: verschlüsselt, Zertifikat geprüft</translation>
    </message>
    <message>
        <source>verify-full: encrypted, certificate and host checked</source>
        <translation>verify-full: verschlüsselt, Zertifikat und Host geprüft</translation>
    </message>
    <message>
        <source>libpq&apos;s sslmode: verify-full is the only one that makes sure the server is the one you named</source>
        <translation>sslmode von libpq: Nur verify-full stellt sicher, dass der Server der genannte ist</translation>
    </message>
    <message>
        <source>SSL &amp;mode:</source>
        <translation>&amp;SSL-Modus:</translation>
    </message>
    <message>
        <source>Certificates (*.crt *.pem *.cer);;All files (*)</source>
        <translation>Zertifikate (*.crt *.pem *.cer);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Root c&amp;ertificate:</source>
        <translation>S&amp;tammzertifikat:</translation>
    </message>
    <message>
        <source>~/.postgresql/root.crt if empty</source>
        <translation>~/.postgresql/root.crt, wenn leer</translation>
    </message>
    <message>
        <source>C&amp;lient certificate:</source>
        <translation>C&amp;lient-Zertifikat:</translation>
    </message>
    <message>
        <source>None: log in without a certificate</source>
        <translation>Keins: Anmeldung ohne Zertifikat</translation>
    </message>
    <message>
        <source>Client &amp;key:</source>
        <translation>Client-Schlüss&amp;el:</translation>
    </message>
    <message>
        <source>Keys (*.key *.pem);;All files (*)</source>
        <translation>Schlüssel (*.key *.pem);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>The client certificate&apos;s key (mode 0600, unencrypted)</source>
        <translation>Der Schlüssel des Client-Zertifikats (Modus 0600, unverschlüsselt)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TransactionController</name>
    <message>
        <source>version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>not committed</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>the commit answered ok: false without a failed check</source>
        <translation>die Transaktion antwortete ok: false ohne fehlgeschlagene Prüfung</translation>
    </message>
    <message>
        <source>check %1 failed: %2</source>
        <translation>Prüfung %1 fehlgeschlagen: %2</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TransactionModel</name>
    <message>
        <source>Row %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>must not exist</source>
        <translation>darf nicht existieren</translation>
    </message>
    <message>
        <source>%1, expires after %2 ms</source>
        <translation>%1, läuft nach %2 ms ab</translation>
    </message>
    <message>
        <source>add %1</source>
        <translation>%1 addieren</translation>
    </message>
    <message>
        <source>%1 to topic %2, delay %3 ms, %4 attempts</source>
        <translation>%1 an Thema %2, Verzögerung %3 ms, %4 Versuche</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value, version or options</source>
        <translation>Wert, Version oder Optionen</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TransactionPane</name>
    <message>
        <source>Copy JavaScript</source>
        <translation>JavaScript kopieren</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>Zeile entfernen</translation>
    </message>
    <message>
        <source>Dry run</source>
        <translation>Probelauf</translation>
    </message>
    <message>
        <source>Commit</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Refresh checks and retry</source>
        <translation>Prüfungen auffrischen und erneut versuchen</translation>
    </message>
    <message>
        <source>Runs the checks and mutations in one transaction. Needs writes allowed (the database&apos;s toolbar).</source>
        <translation>Führt die Prüfungen und Änderungen in einer Transaktion aus. Dazu müssen Schreibzugriffe erlaubt sein (Werkzeugleiste der Datenbank).</translation>
    </message>
    <message>
        <source>Reads every checked key again and says whether the commit would pass; writes nothing.</source>
        <translation>Liest jeden geprüften Schlüssel erneut und sagt, ob die Transaktion gelingen würde; schreibt nichts.</translation>
    </message>
    <message>
        <source>Add check</source>
        <translation>Prüfung hinzufügen</translation>
    </message>
    <message>
        <source>Add set</source>
        <translation>Setzen hinzufügen</translation>
    </message>
    <message>
        <source>Add delete</source>
        <translation>Löschen hinzufügen</translation>
    </message>
    <message>
        <source>Add sum</source>
        <translation>Summe hinzufügen</translation>
    </message>
    <message>
        <source>Add enqueue</source>
        <translation>Einreihen hinzufügen</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>JavaScript</source>
        <translation>JavaScript</translation>
    </message>
    <message>
        <source>Commits of this session</source>
        <translation>Transaktionen dieser Sitzung</translation>
    </message>
    <message>
        <source>Save transaction</source>
        <translation>Transaktion speichern</translation>
    </message>
    <message>
        <source>Load transaction</source>
        <translation>Transaktion laden</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Läuft…</translation>
    </message>
    <message>
        <source>Committed: versionstamp %1</source>
        <translation>Ausgeführt: Versionsstempel %1</translation>
    </message>
    <message numerus="yes">
        <source>Dry run: all %Ln check(s) pass; the commit would go through now. Nothing was written.</source>
        <translation>
            <numerusform>Probelauf: die Prüfung besteht; die Transaktion würde jetzt gelingen. Nichts wurde geschrieben.</numerusform>
            <numerusform>Probelauf: alle %Ln Prüfungen bestehen; die Transaktion würde jetzt gelingen. Nichts wurde geschrieben.</numerusform>
        </translation>
    </message>
    <message>
        <source>Checks refreshed to the versions the keys have now.</source>
        <translation>Prüfungen auf die jetzigen Versionen der Schlüssel aufgefrischt.</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>Gespeichert in %1.</translation>
    </message>
    <message>
        <source>Could not save: %1</source>
        <translation>Speichern nicht möglich: %1</translation>
    </message>
    <message>
        <source>Loaded %1.</source>
        <translation>%1 geladen.</translation>
    </message>
    <message>
        <source>Could not load: %1</source>
        <translation>Laden nicht möglich: %1</translation>
    </message>
    <message>
        <source>version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>must not exist</source>
        <translation>darf nicht existieren</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>nicht vorhanden</translation>
    </message>
    <message>
        <source>version %1 = %2</source>
        <translation>Version %1 = %2</translation>
    </message>
    <message>
        <source>Dry run: check %1 on %2 would fail. Expected: %3. Now: %4. Nothing was written.</source>
        <translation>Probelauf: Prüfung %1 von %2 würde fehlschlagen. Erwartet: %3. Jetzt: %4. Nichts wurde geschrieben.</translation>
    </message>
    <message>
        <source>Not committed: check %1 on %2 failed. Expected: %3. Now: %4. Nothing was written.</source>
        <translation>Nicht ausgeführt: Prüfung %1 von %2 ist fehlgeschlagen. Erwartet: %3. Jetzt: %4. Nichts wurde geschrieben.</translation>
    </message>
    <message>
        <source>Writes are not allowed: switch on &quot;Allow writes&quot; in the database&apos;s toolbar to commit.</source>
        <translation>Schreibzugriffe sind nicht erlaubt: Schalten Sie „Schreiben erlauben“ in der Werkzeugleiste der Datenbank ein, um auszuführen.</translation>
    </message>
    <message>
        <source>Runs the checks and mutations in one transaction.</source>
        <translation>Führt die Prüfungen und Änderungen in einer Transaktion aus.</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Moves the row up among the checks or the mutations (Alt+Up).</source>
        <translation>Verschiebt die Zeile unter den Prüfungen oder den Änderungen nach oben (Alt+Pfeil hoch).</translation>
    </message>
    <message>
        <source>Moves the row down among the checks or the mutations (Alt+Down).</source>
        <translation>Verschiebt die Zeile unter den Prüfungen oder den Änderungen nach unten (Alt+Pfeil runter).</translation>
    </message>
    <message>
        <source>Commit this transaction?</source>
        <translation>Diese Transaktion ausführen?</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TransactionRowEditor</name>
    <message>
        <source>Must not exist</source>
        <translation>Darf nicht existieren</translation>
    </message>
    <message>
        <source>Key literal, e.g. [&quot;users&quot;, &quot;alice&quot;]</source>
        <translation>Schlüssel-Literal, z. B. [&quot;users&quot;, &quot;alice&quot;]</translation>
    </message>
    <message>
        <source>Value literal, e.g. {name: &quot;Alice&quot;}</source>
        <translation>Wert-Literal, z. B. {name: &quot;Alice&quot;}</translation>
    </message>
    <message>
        <source>No expiry</source>
        <translation>Kein Ablauf</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Expires after (ms)</source>
        <translation>Läuft ab nach (ms)</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>Delta</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>Delay (ms)</source>
        <translation>Verzögerung (ms)</translation>
    </message>
    <message>
        <source>Max attempts</source>
        <translation>Max. Versuche</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>Nutzlast</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TreemapBreadcrumb</name>
    <message>
        <source>All keys</source>
        <translation>Alle Schlüssel</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TreemapWidget</name>
    <message numerus="yes">
        <source>%1
%2 of the bytes shown
%3 (keys %4, values %5)
%Ln entries</source>
        <translation>
            <numerusform>%1
%2 der gezeigten Bytes
%3 (Schlüssel %4, Werte %5)
%Ln Eintrag</numerusform>
            <numerusform>%1
%2 der gezeigten Bytes
%3 (Schlüssel %4, Werte %5)
%Ln Einträge</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to see what is below it.</source>
        <translation>Klicken, um zu sehen, was darunter liegt.</translation>
    </message>
    <message>
        <source>Run an analysis to see where the bytes are.</source>
        <translation>Starten Sie eine Analyse, um zu sehen, wo die Bytes liegen.</translation>
    </message>
    <message>
        <source>Nothing below this key in the report.</source>
        <translation>Im Bericht liegt nichts unter diesem Schlüssel.</translation>
    </message>
    <message>
        <source>%1 · %2%</source>
        <translation>%1 · %2%</translation>
    </message>
    <message>
        <source>Show in the key tree</source>
        <translation>Im Schlüsselbaum zeigen</translation>
    </message>
    <message>
        <source>Show what is below it</source>
        <translation>Zeigen, was darunter liegt</translation>
    </message>
</context>
<context>
    <name>kvs::ui::TypedNameDialog</name>
    <message>
        <source>To confirm, type &lt;b&gt;%1&lt;/b&gt; below:</source>
        <translation>Zur Bestätigung geben Sie unten &lt;b&gt;%1&lt;/b&gt; ein:</translation>
    </message>
    <message>
        <source>The database&apos;s name</source>
        <translation>Der Name der Datenbank</translation>
    </message>
    <message>
        <source>Production: %1</source>
        <translation>Produktion: %1</translation>
    </message>
</context>
<context>
    <name>kvs::ui::UndoConflictDialog</name>
    <message>
        <source>Redo %1?</source>
        <translation>%1 wiederholen?</translation>
    </message>
    <message>
        <source>Undo %1?</source>
        <translation>%1 rückgängig machen?</translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) of this step changed since it was undone here: another process or tab wrote them. Reverting them would lose what was written.</source>
        <translation>
            <numerusform>%Ln Schlüssel dieses Schritts hat sich geändert, seit er hier rückgängig gemacht wurde: Ein anderer Prozess oder Tab hat ihn geschrieben. Ihn zurückzusetzen würde verlieren, was geschrieben wurde.</numerusform>
            <numerusform>%Ln Schlüssel dieses Schritts haben sich geändert, seit er hier rückgängig gemacht wurde: Ein anderer Prozess oder Tab hat sie geschrieben. Sie zurückzusetzen würde verlieren, was geschrieben wurde.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) of this step changed since this app wrote them: another process or tab wrote them. Reverting them would lose what was written.</source>
        <translation>
            <numerusform>%Ln Schlüssel dieses Schritts hat sich geändert, seit diese Anwendung ihn schrieb: Ein anderer Prozess oder Tab hat ihn geschrieben. Ihn zurückzusetzen würde verlieren, was geschrieben wurde.</numerusform>
            <numerusform>%Ln Schlüssel dieses Schritts haben sich geändert, seit diese Anwendung sie schrieb: Ein anderer Prozess oder Tab hat sie geschrieben. Sie zurückzusetzen würde verlieren, was geschrieben wurde.</numerusform>
        </translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Written here</source>
        <translation>Hier geschrieben</translation>
    </message>
    <message>
        <source>Holds now</source>
        <translation>Enthält jetzt</translation>
    </message>
    <message>
        <source>version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>gelöscht</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>nicht vorhanden</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>%1 (version %2)</source>
        <translation>%1 (Version %2)</translation>
    </message>
    <message numerus="yes">
        <source>Revert the %Ln that still match</source>
        <translation>
            <numerusform>Den %Ln noch passenden zurücksetzen</numerusform>
            <numerusform>Die %Ln noch passenden zurücksetzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Revert none</source>
        <translation>Keinen zurücksetzen</translation>
    </message>
    <message>
        <source>bytes that do not decode (version %1)</source>
        <translation>Bytes, die sich nicht dekodieren lassen (Version %1)</translation>
    </message>
</context>
<context>
    <name>kvs::ui::UndoPage</name>
    <message>
        <source>Keep an undo journal (Edit ▸ Undo and Redo)</source>
        <translation>Ein Rückgängig-Journal führen (Bearbeiten ▸ Rückgängig und Wiederholen)</translation>
    </message>
    <message>
        <source> MB per database</source>
        <translation> MB je Datenbank</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source>The journal keeps, for each change you make to keys here, the value it replaced, so Undo can put it back. Unlike the audit log it holds values: they stay on this computer&apos;s disk, in a file only you can read in the data folder, until they are older or more than the limits below. Turn it off to keep no values on disk. Applies to tabs that allow writes from now on.</source>
        <translation>Das Journal hält für jede Änderung, die Sie hier an Schlüsseln vornehmen, den ersetzten Wert fest, damit Rückgängig ihn zurückschreiben kann. Anders als das Audit-Protokoll enthält es Werte: Sie bleiben auf der Festplatte dieses Computers, in einer nur für Sie lesbaren Datei im Datenordner, bis sie älter oder mehr als die Grenzen unten sind. Schalten Sie es aus, damit keine Werte auf der Festplatte bleiben. Gilt für Tabs, die ab jetzt Schreibzugriffe erlauben.</translation>
    </message>
    <message>
        <source>Keep at most:</source>
        <translation>Höchstens behalten:</translation>
    </message>
    <message>
        <source>Keep for:</source>
        <translation>Behalten für:</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ValueEditPanel</name>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Expiry:</source>
        <translation>Ablauf:</translation>
    </message>
    <message>
        <source>Save the edit</source>
        <translation>Die Bearbeitung speichern</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ValueInspector</name>
    <message>
        <source>Read-only: this database is open for inspection only. Allow writes to edit, delete or create keys.</source>
        <translation>Nur lesend: Diese Datenbank ist nur zur Inspektion geöffnet. Erlauben Sie das Schreiben, um Schlüssel zu bearbeiten, zu löschen oder anzulegen.</translation>
    </message>
    <message>
        <source>Select a key to inspect it.</source>
        <translation>Wählen Sie einen Schlüssel aus, um ihn zu untersuchen.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen …</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>Delete key</source>
        <translation>Schlüssel löschen</translation>
    </message>
    <message>
        <source>Delete the key %1?</source>
        <translation>Den Schlüssel %1 löschen?</translation>
    </message>
    <message>
        <source>Its value (%1) is removed from the database. This cannot be undone.</source>
        <translation>Sein Wert (%1) wird aus der Datenbank entfernt. Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>// The key was deleted.</source>
        <translation>// Der Schlüssel wurde gelöscht.</translation>
    </message>
    <message>
        <source>The key changed after it was loaded, so nothing was written. This is its current value; try again if you still want to.</source>
        <translation>Der Schlüssel hat sich nach dem Laden geändert, daher wurde nichts geschrieben. Dies ist sein aktueller Wert; versuchen Sie es erneut, wenn Sie möchten.</translation>
    </message>
    <message>
        <source>Save edit</source>
        <translation>Änderung speichern</translation>
    </message>
    <message>
        <source>Unsaved edit</source>
        <translation>Ungespeicherte Änderung</translation>
    </message>
    <message>
        <source>Save your changes to %1?</source>
        <translation>Ihre Änderungen an %1 speichern?</translation>
    </message>
    <message>
        <source>Discard throws the edited value away; Cancel goes back to it.</source>
        <translation>Verwerfen verwirft den bearbeiteten Wert; Abbrechen kehrt zu ihm zurück.</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Changed by another process at %1; reload?</source>
        <translation>Um %1 von einem anderen Prozess geändert; neu laden?</translation>
    </message>
    <message>
        <source>Deleted by another process at %1; reload?</source>
        <translation>Um %1 von einem anderen Prozess gelöscht; neu laden?</translation>
    </message>
    <message>
        <source>Delete row</source>
        <translation>Zeile löschen</translation>
    </message>
    <message>
        <source>Delete the row stored at key %1?</source>
        <translation>Die unter dem Schlüssel %1 gespeicherte Zeile löschen?</translation>
    </message>
    <message>
        <source>Its key does not decode, so no key names it. The row (value %1) is deleted by its key bytes, in one transaction. This cannot be undone.</source>
        <translation>Ihr Schlüssel lässt sich nicht dekodieren, daher benennt ihn kein Schlüssel. Die Zeile (Wert %1) wird anhand ihrer Schlüsselbytes in einer Transaktion gelöscht. Dies kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Its key does not decode, so no key names it. The row (value %1) is deleted by its key bytes, in one transaction; Edit &gt; Undo writes its bytes back.</source>
        <translation>Ihr Schlüssel lässt sich nicht dekodieren, daher benennt ihn kein Schlüssel. Die Zeile (Wert %1) wird anhand ihrer Schlüsselbytes in einer Transaktion gelöscht; Bearbeiten &gt; Rückgängig schreibt ihre Bytes zurück.</translation>
    </message>
    <message>
        <source>Its value (%1) is removed from the database; Edit &gt; Undo puts it back.</source>
        <translation>Sein Wert (%1) wird aus der Datenbank entfernt; Bearbeiten &gt; Rückgängig stellt ihn wieder her.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ValueResultAction</name>
    <message>
        <source>Search results</source>
        <translation>Suchergebnisse</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Set expiry</source>
        <translation>Ablauf setzen</translation>
    </message>
    <message>
        <source>Clear expiry</source>
        <translation>Ablauf entfernen</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>No results; nothing to do.</source>
        <translation>Keine Ergebnisse; nichts zu tun.</translation>
    </message>
    <message numerus="yes">
        <source>Delete the %Ln entries found?</source>
        <translation>
            <numerusform>Den gefundenen Eintrag löschen?</numerusform>
            <numerusform>Die %Ln gefundenen Einträge löschen?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Make the %Ln entries found expire in %1 s?</source>
        <translation>
            <numerusform>Den gefundenen Eintrag in %1 s ablaufen lassen?</numerusform>
            <numerusform>Die %Ln gefundenen Einträge in %1 s ablaufen lassen?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Clear the expiry of the %Ln entries found?</source>
        <translation>
            <numerusform>Den Ablauf des gefundenen Eintrags entfernen?</numerusform>
            <numerusform>Den Ablauf der %Ln gefundenen Einträge entfernen?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Export the %Ln entries found to %1?</source>
        <translation>
            <numerusform>Den gefundenen Eintrag nach %1 exportieren?</numerusform>
            <numerusform>Die %Ln gefundenen Einträge nach %1 exportieren?</numerusform>
        </translation>
    </message>
    <message>
        <source>Each line holds a key and its value as literals, and its expiry, as kvs find --export writes them. The file is written only if the export completes.</source>
        <translation>Jede Zeile enthält einen Schlüssel und seinen Wert als Literale und seinen Ablauf, wie kvs find --export sie schreibt. Die Datei wird nur geschrieben, wenn der Export vollständig ist.</translation>
    </message>
    <message>
        <source>They are written in batches of 1,000, each one transaction that acts on an entry only if it still has the version the search saw: entries changed since are skipped and counted. Cancel stops after the current batch; what was written stays written.</source>
        <translation>Sie werden in Stapeln zu 1.000 geschrieben, jeder eine Transaktion, die einen Eintrag nur ändert, wenn er noch die Version hat, die die Suche gesehen hat: seither geänderte Einträge werden übersprungen und gezählt. Abbrechen hält nach dem laufenden Stapel an; was geschrieben ist, bleibt geschrieben.</translation>
    </message>
    <message>
        <source>Cancelled; nothing was changed.</source>
        <translation>Abgebrochen; nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Deleting the entries found…</source>
        <translation>Die gefundenen Einträge werden gelöscht…</translation>
    </message>
    <message>
        <source>Setting the expiry…</source>
        <translation>Der Ablauf wird gesetzt…</translation>
    </message>
    <message>
        <source>Clearing the expiry…</source>
        <translation>Der Ablauf wird entfernt…</translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>Export nach %1…</translation>
    </message>
    <message>
        <source>Stopping after the current batch…</source>
        <translation>Hält nach dem laufenden Stapel an…</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln entries.</source>
        <translation>
            <numerusform>%Ln Eintrag gelöscht.</numerusform>
            <numerusform>%Ln Einträge gelöscht.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Set the expiry of %Ln entries.</source>
        <translation>
            <numerusform>Ablauf von %Ln Eintrag gesetzt.</numerusform>
            <numerusform>Ablauf von %Ln Einträgen gesetzt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cleared the expiry of %Ln entries.</source>
        <translation>
            <numerusform>Ablauf von %Ln Eintrag entfernt.</numerusform>
            <numerusform>Ablauf von %Ln Einträgen entfernt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export cancelled; %1 was not written.</source>
        <translation>Export abgebrochen; %1 wurde nicht geschrieben.</translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln entries to %1.</source>
        <translation>
            <numerusform>%Ln Eintrag nach %1 exportiert.</numerusform>
            <numerusform>%Ln Einträge nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Skipped %Ln that changed since the search.</source>
        <translation>
            <numerusform>%Ln seit der Suche geänderter übersprungen.</numerusform>
            <numerusform>%Ln seit der Suche geänderte übersprungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled after the batch being written.</source>
        <translation>Nach dem laufenden Stapel abgebrochen.</translation>
    </message>
    <message numerus="yes">
        <source>Failed after %Ln entries: %1</source>
        <translation>
            <numerusform>Fehlgeschlagen nach %Ln Eintrag: %1</numerusform>
            <numerusform>Fehlgeschlagen nach %Ln Einträgen: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::ValueSearchController</name>
    <message>
        <source>The database is not open.</source>
        <translation>Die Datenbank ist nicht geöffnet.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ValueSearchPane</name>
    <message>
        <source>Match case</source>
        <translation>Groß-/Kleinschreibung beachten</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Set expiry…</source>
        <translation>Ablauf setzen…</translation>
    </message>
    <message>
        <source>Clear expiry…</source>
        <translation>Ablauf entfernen…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Add as checks…</source>
        <translation>Als Prüfungen hinzufügen…</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>Regulärer Ausdruck</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>Bedingung</translation>
    </message>
    <message>
        <source>Text: the value&apos;s literal contains it. Regular expression: matches somewhere in the literal (Perl syntax, case-sensitive). Condition: e.g. value.age &gt;= 18 &amp;&amp; kind(value.email) == &quot;string&quot; (the README&apos;s &quot;Searching inside values&quot;).</source>
        <translation>Text: das Literal des Werts enthält ihn. Regulärer Ausdruck: passt irgendwo im Literal (Perl-Syntax, mit Groß-/Kleinschreibung). Bedingung: z. B. value.age &gt;= 18 &amp;&amp; kind(value.email) == &quot;string&quot; (im README unter „Searching inside values“).</translation>
    </message>
    <message>
        <source>Key literal, e.g. [&quot;users&quot;]; empty: the whole database</source>
        <translation>Schlüsselliteral, z. B. [&quot;users&quot;]; leer: die ganze Datenbank</translation>
    </message>
    <message>
        <source>Only the entries below this key are searched.</source>
        <translation>Nur die Einträge unter diesem Schlüssel werden durchsucht.</translation>
    </message>
    <message>
        <source>Add a check of each entry found, at the version the search saw, to the Transaction view (the first %1).</source>
        <translation>Für jeden gefundenen Eintrag eine Prüfung auf die Version, die die Suche gesehen hat, in die Transaktionsansicht übernehmen (die ersten %1).</translation>
    </message>
    <message>
        <source>Delete every entry found that has not changed since the search.</source>
        <translation>Jeden gefundenen Eintrag löschen, der sich seit der Suche nicht geändert hat.</translation>
    </message>
    <message>
        <source>Give every entry found an expiry (its value is written again).</source>
        <translation>Jedem gefundenen Eintrag einen Ablauf geben (sein Wert wird neu geschrieben).</translation>
    </message>
    <message>
        <source>Remove the expiry of every entry found.</source>
        <translation>Den Ablauf jedes gefundenen Eintrags entfernen.</translation>
    </message>
    <message>
        <source>Write the entries found to a file, as kvs find --export does.</source>
        <translation>Die gefundenen Einträge in eine Datei schreiben, wie kvs find --export es tut.</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <source>Under:</source>
        <translation>Unter:</translation>
    </message>
    <message>
        <source>The entries found:</source>
        <translation>Die gefundenen Einträge:</translation>
    </message>
    <message>
        <source>e.g. value.status == &quot;failed&quot; &amp;&amp; value.tries &gt; 3</source>
        <translation>z. B. value.status == &quot;failed&quot; &amp;&amp; value.tries &gt; 3</translation>
    </message>
    <message>
        <source>Text the value contains</source>
        <translation>Text, den der Wert enthält</translation>
    </message>
    <message>
        <source>The prefix is not a key literal: %1</source>
        <translation>Das Präfix ist kein Schlüsselliteral: %1</translation>
    </message>
    <message>
        <source>%L1 entries scanned, %L2 matched, %L3 undecodable…</source>
        <translation>%L1 Einträge gelesen, %L2 Treffer, %L3 nicht dekodierbar…</translation>
    </message>
    <message>
        <source>Cancelled: %L1 entries scanned, %L2 matched, %L3 undecodable.</source>
        <translation>Abgebrochen: %L1 Einträge gelesen, %L2 Treffer, %L3 nicht dekodierbar.</translation>
    </message>
    <message>
        <source>Done: %L1 entries scanned, %L2 matched, %L3 undecodable.</source>
        <translation>Fertig: %L1 Einträge gelesen, %L2 Treffer, %L3 nicht dekodierbar.</translation>
    </message>
    <message>
        <source>The search stopped: %1</source>
        <translation>Die Suche wurde angehalten: %1</translation>
    </message>
    <message>
        <source>Only the first %L1 entries found are listed: the search stopped there (Preferences, Search). Narrow the prefix or the search to see the others.</source>
        <translation>Nur die ersten %L1 gefundenen Einträge sind aufgeführt: dort hat die Suche angehalten (Einstellungen, Suche). Engen Sie Präfix oder Suche ein, um die anderen zu sehen.</translation>
    </message>
    <message>
        <source>Set expiry</source>
        <translation>Ablauf setzen</translation>
    </message>
    <message>
        <source>Expire the entries found in (seconds):</source>
        <translation>Die gefundenen Einträge laufen ab in (Sekunden):</translation>
    </message>
    <message>
        <source>Export the entries found</source>
        <translation>Die gefundenen Einträge exportieren</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl);;All files (*)</source>
        <translation>JSON-Zeilen (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>Add a check of %Ln entries found to the Transaction view?</source>
        <translation>
            <numerusform>Eine Prüfung des gefundenen Eintrags in die Transaktionsansicht übernehmen?</numerusform>
            <numerusform>Prüfungen der %Ln gefundenen Einträge in die Transaktionsansicht übernehmen?</numerusform>
        </translation>
    </message>
    <message>
        <source>Only the first %L1 of the %L2 entries found, in key order (%3 to %4): a transaction holds at most %L1 checks from here.</source>
        <translation>Nur die ersten %L1 der %L2 gefundenen Einträge, in Schlüsselreihenfolge (%3 bis %4): eine Transaktion erhält von hier höchstens %L1 Prüfungen.</translation>
    </message>
    <message>
        <source>Each checks that the key still has the version the search saw; nothing is written until you commit there.</source>
        <translation>Jede prüft, dass der Schlüssel noch die Version hat, die die Suche gesehen hat; nichts wird geschrieben, bevor Sie dort committen.</translation>
    </message>
    <message>
        <source>Add as checks</source>
        <translation>Als Prüfungen hinzufügen</translation>
    </message>
    <message>
        <source>Added checks of the first %L1 of %L2 entries to the Transaction view.</source>
        <translation>Prüfungen der ersten %L1 von %L2 Einträgen in die Transaktionsansicht übernommen.</translation>
    </message>
    <message numerus="yes">
        <source>Added checks of %Ln entries to the Transaction view.</source>
        <translation>
            <numerusform>Prüfung von %Ln Eintrag in die Transaktionsansicht übernommen.</numerusform>
            <numerusform>Prüfungen von %Ln Einträgen in die Transaktionsansicht übernommen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::ValueSearchResultModel</name>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
</context>
<context>
    <name>kvs::ui::ValueView</name>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Raw bytes</source>
        <translation>Rohe Bytes</translation>
    </message>
    <message>
        <source>// No entry at this key.</source>
        <translation>// Kein Eintrag unter diesem Schlüssel.</translation>
    </message>
    <message>
        <source>// The value does not decode:
// %1
// The stored bytes are in Raw bytes.</source>
        <translation>// Der Wert ist nicht dekodierbar:
// %1
// Die gespeicherten Bytes stehen unter Rohe Bytes.</translation>
    </message>
    <message>
        <source>Value truncated: showing the first %1 of the literal of a %2 value. &lt;a href=&quot;save&quot;&gt;Save value to file…&lt;/a&gt;</source>
        <translation>Wert gekürzt: Gezeigt werden die ersten %1 des Literals eines Werts von %2. &lt;a href=&quot;save&quot;&gt;Wert in Datei speichern …&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Lines longer than %1 characters are cut here; Edit or &lt;a href=&quot;save&quot;&gt;Save value to file…&lt;/a&gt; shows them whole.</source>
        <translation>Zeilen mit mehr als %1 Zeichen werden hier gekürzt; Bearbeiten oder &lt;a href=&quot;save&quot;&gt;Wert in Datei speichern …&lt;/a&gt; zeigt sie vollständig.</translation>
    </message>
    <message>
        <source>// No value: this key is the prefix of the keys below it.</source>
        <translation>// Kein Wert: Dieser Schlüssel ist das Präfix der Schlüssel darunter.</translation>
    </message>
    <message>
        <source>Structure</source>
        <translation>Struktur</translation>
    </message>
</context>
<context>
    <name>kvs::ui::WatchDetailPane</name>
    <message>
        <source>// … cut here: %1 characters in all (Export history has them)</source>
        <translation>// … hier abgeschnitten: %1 Zeichen insgesamt („Verlauf exportieren“ enthält sie)</translation>
    </message>
    <message>
        <source>Old value</source>
        <translation>Alter Wert</translation>
    </message>
    <message>
        <source>New value</source>
        <translation>Neuer Wert</translation>
    </message>
    <message>
        <source>%1 · %2, version %3</source>
        <translation>%1 · %2, Version %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>// (no entry)</source>
        <translation>// (kein Eintrag)</translation>
    </message>
    <message>
        <source>%1 · version %2</source>
        <translation>%1 · Version %2</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Select a row to see its values whole.</source>
        <translation>Eine Zeile wählen, um ihre Werte ganz zu sehen.</translation>
    </message>
</context>
<context>
    <name>kvs::ui::WatchEntriesModel</name>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Läuft ab</translation>
    </message>
</context>
<context>
    <name>kvs::ui::WatchHistoryModel</name>
    <message>
        <source>Set</source>
        <translation>Gesetzt</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Gelöscht</translation>
    </message>
    <message>
        <source>Expired</source>
        <translation>Abgelaufen</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Old value</source>
        <translation>Alter Wert</translation>
    </message>
    <message>
        <source>New value</source>
        <translation>Neuer Wert</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
</context>
<context>
    <name>kvs::ui::WatchPane</name>
    <message>
        <source>Watch key</source>
        <translation>Schlüssel beobachten</translation>
    </message>
    <message>
        <source>Watch prefix</source>
        <translation>Präfix beobachten</translation>
    </message>
    <message>
        <source>Stop watching</source>
        <translation>Nicht mehr beobachten</translation>
    </message>
    <message>
        <source>Key literal, e.g. [&quot;users&quot;, 42]</source>
        <translation>Schlüssel-Literal, z. B. [&quot;users&quot;, 42]</translation>
    </message>
    <message>
        <source>Watch this key: its value, and each change any process makes</source>
        <translation>Diesen Schlüssel beobachten: seinen Wert und jede Änderung, die ein Prozess macht</translation>
    </message>
    <message>
        <source>Watch every key below this one (its subtree)</source>
        <translation>Jeden Schlüssel unter diesem beobachten (seinen Teilbaum)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop watching for now; on resume, what changed meanwhile shows as one change per key</source>
        <translation>Vorerst nicht beobachten; beim Fortsetzen erscheint, was sich inzwischen geändert hat, als eine Änderung je Schlüssel</translation>
    </message>
    <message>
        <source>Clear history</source>
        <translation>Verlauf leeren</translation>
    </message>
    <message>
        <source>Export history…</source>
        <translation>Verlauf exportieren…</translation>
    </message>
    <message>
        <source>Save the history as JSON lines, one change a line</source>
        <translation>Den Verlauf als JSON Lines speichern, eine Änderung je Zeile</translation>
    </message>
    <message>
        <source>Entries now</source>
        <translation>Einträge jetzt</translation>
    </message>
    <message>
        <source>History (newest first)</source>
        <translation>Verlauf (neueste zuerst)</translation>
    </message>
    <message>
        <source>History saved to %1</source>
        <translation>Verlauf gespeichert unter %1</translation>
    </message>
    <message>
        <source>Could not save the history to %1: %2</source>
        <translation>Der Verlauf konnte nicht unter %1 gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Clear the history?</source>
        <translation>Verlauf leeren?</translation>
    </message>
    <message>
        <source>Export the history</source>
        <translation>Verlauf exportieren</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines (*.jsonl);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Prefix %1 (every key below it)</source>
        <translation>Präfix %1 (jeder Schlüssel darunter)</translation>
    </message>
    <message>
        <source>Key %1</source>
        <translation>Schlüssel %1</translation>
    </message>
    <message>
        <source>Type a key literal and choose Watch key or Watch prefix.</source>
        <translation>Geben Sie ein Schlüssel-Literal ein und wählen Sie „Schlüssel beobachten“ oder „Präfix beobachten“.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln entries watched</source>
        <translation>
            <numerusform>%Ln Eintrag beobachtet</numerusform>
            <numerusform>%Ln Einträge beobachtet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln changes in the history</source>
        <translation>
            <numerusform>%Ln Änderung im Verlauf</numerusform>
            <numerusform>%Ln Änderungen im Verlauf</numerusform>
        </translation>
    </message>
    <message>
        <source>paused</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>sees other processes&apos; commits by %1</source>
        <translation>erkennt Commits anderer Prozesse über %1</translation>
    </message>
    <message numerus="yes">
        <source>Clear the %Ln changes of the history? They are not kept anywhere else; export them first to keep them. The database is not touched.</source>
        <translation>
            <numerusform>Die %Ln Änderung des Verlaufs leeren? Sie wird nirgends sonst aufbewahrt; exportieren Sie sie vorher, um sie zu behalten. Die Datenbank bleibt unberührt.</numerusform>
            <numerusform>Die %Ln Änderungen des Verlaufs leeren? Sie werden nirgends sonst aufbewahrt; exportieren Sie sie vorher, um sie zu behalten. Die Datenbank bleibt unberührt.</numerusform>
        </translation>
    </message>
    <message>
        <source>New pane</source>
        <translation>Neuer Bereich</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %Ln more</source>
        <translation>
            <numerusform>%1 und %Ln weiterer</numerusform>
            <numerusform>%1 und %Ln weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>not watched: over the limit</source>
        <translation>nicht beobachtet: über der Grenze</translation>
    </message>
</context>
<context>
    <name>kvs::ui::WatchTab</name>
    <message>
        <source>New pane</source>
        <translation>Neuer Bereich</translation>
    </message>
    <message>
        <source>Another pane with keys and a history of its own (the database is still probed once for all panes)</source>
        <translation>Ein weiterer Bereich mit eigenen Schlüsseln und eigener Historie (die Datenbank wird weiterhin einmal für alle Bereiche abgefragt)</translation>
    </message>
    <message>
        <source>The most keys a watched prefix may hold, in every pane</source>
        <translation>Die meisten Schlüssel, die ein beobachtetes Präfix enthalten darf, in jedem Bereich</translation>
    </message>
    <message>
        <source>Limit per prefix:</source>
        <translation>Grenze je Präfix:</translation>
    </message>
</context>
</TS>
