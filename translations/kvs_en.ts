<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>MaintenanceActions</name>
    <message numerus="yes">
        <source>Removed %Ln expired entries.</source>
        <translation>
            <numerusform>Removed %Ln expired entry.</numerusform>
            <numerusform>Removed %Ln expired entries.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cleaned the queue: %Ln message(s) removed or dead-lettered (finished past their retention, or leases out of attempts).</source>
        <translation>
            <numerusform>Cleaned the queue: %Ln message removed or dead-lettered (finished past its retention, or a lease out of attempts).</numerusform>
            <numerusform>Cleaned the queue: %Ln messages removed or dead-lettered (finished past their retention, or leases out of attempts).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %1 found %Ln problem(s): %2</source>
        <translation>
            <numerusform>The %1 found %Ln problem: %2</numerusform>
            <numerusform>The %1 found %Ln problems: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Frees the space of the dead rows (%Ln now, by the statistics) for reuse and refreshes the planner&apos;s statistics. Readers and writers go on; it reads every table, which loads the server while it runs. A session that holds back VACUUM (marked above) keeps the rows deleted since it began.</source>
        <translation>
            <numerusform>Frees the space of the dead rows (%Ln now, by the statistics) for reuse and refreshes the planner&apos;s statistics. Readers and writers go on; it reads every table, which loads the server while it runs. A session that holds back VACUUM (marked above) keeps the rows deleted since it began.</numerusform>
            <numerusform>Frees the space of the dead rows (%Ln now, by the statistics) for reuse and refreshes the planner&apos;s statistics. Readers and writers go on; it reads every table, which loads the server while it runs. A session that holds back VACUUM (marked above) keeps the rows deleted since it began.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TreemapTiles</name>
    <message numerus="yes">
        <source>others (%Ln children)</source>
        <translation>
            <numerusform>others (%Ln child)</numerusform>
            <numerusform>others (%Ln children)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ValueColumnText</name>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln byte</numerusform>
            <numerusform>%Ln bytes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::AnalysisCharts</name>
    <message numerus="yes">
        <source>%Ln other kind(s)</source>
        <translation>
            <numerusform>%Ln other kind</numerusform>
            <numerusform>%Ln other kinds</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::AuditLogView</name>
    <message numerus="yes">
        <source>%Ln record(s).</source>
        <translation>
            <numerusform>%Ln record.</numerusform>
            <numerusform>%Ln records.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) could not be read.</source>
        <translation>
            <numerusform>%Ln line could not be read.</numerusform>
            <numerusform>%Ln lines could not be read.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::CellGrid</name>
    <message numerus="yes">
        <source>… (%Ln bytes)</source>
        <translation>
            <numerusform>… (%Ln byte)</numerusform>
            <numerusform>… (%Ln bytes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln byte</numerusform>
            <numerusform>%Ln bytes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::CommitHistoryModel</name>
    <message numerus="yes">
        <source>%Ln check(s)</source>
        <translation>
            <numerusform>%Ln check</numerusform>
            <numerusform>%Ln checks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln mutation(s)</source>
        <translation>
            <numerusform>%Ln mutation</numerusform>
            <numerusform>%Ln mutations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseBackup</name>
    <message numerus="yes">
        <source>Backed up %Ln entries (%1) to %2.</source>
        <translation>
            <numerusform>Backed up %Ln entry (%1) to %2.</numerusform>
            <numerusform>Backed up %Ln entries (%1) to %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseRestore</name>
    <message numerus="yes">
        <source>Restored %Ln entries from %1.</source>
        <translation>
            <numerusform>Restored %Ln entry from %1.</numerusform>
            <numerusform>Restored %Ln entries from %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseUndo</name>
    <message numerus="yes">
        <source>Redid %1: %Ln key(s) written again.</source>
        <translation>
            <numerusform>Redid %1: %Ln key written again.</numerusform>
            <numerusform>Redid %1: %Ln keys written again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Undid %1: %Ln key(s) changed back.</source>
        <translation>
            <numerusform>Undid %1: %Ln key changed back.</numerusform>
            <numerusform>Undid %1: %Ln keys changed back.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) that changed since were left alone.</source>
        <translation>
            <numerusform>%Ln key that changed since was left alone.</numerusform>
            <numerusform>%Ln keys that changed since were left alone.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Redid part of %1: %Ln key(s) written again.</source>
        <translation>
            <numerusform>Redid part of %1: %Ln key written again.</numerusform>
            <numerusform>Redid part of %1: %Ln keys written again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Undid part of %1: %Ln key(s) changed back.</source>
        <translation>
            <numerusform>Undid part of %1: %Ln key changed back.</numerusform>
            <numerusform>Undid part of %1: %Ln keys changed back.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) left: Redo goes on with them.</source>
        <translation>
            <numerusform>%Ln key left: Redo goes on with it.</numerusform>
            <numerusform>%Ln keys left: Redo goes on with them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) left: Undo goes on with them.</source>
        <translation>
            <numerusform>%Ln key left: Undo goes on with it.</numerusform>
            <numerusform>%Ln keys left: Undo goes on with them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseView</name>
    <message numerus="yes">
        <source>Writes ended by themselves after %Ln minute(s) without a write (production). Allow writes again to write.</source>
        <translation>
            <numerusform>Writes ended by themselves after %Ln minute without a write (production). Allow writes again to write.</numerusform>
            <numerusform>Writes ended by themselves after %Ln minutes without a write (production). Allow writes again to write.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is a production database (%2). With writes allowed you can edit, delete and create keys there; each change is seen at once by every application that uses it. Writes end by themselves after %Ln minute(s) without a write.</source>
        <translation>
            <numerusform>%1 is a production database (%2). With writes allowed you can edit, delete and create keys there; each change is seen at once by every application that uses it. Writes end by themselves after %Ln minute without a write.</numerusform>
            <numerusform>%1 is a production database (%2). With writes allowed you can edit, delete and create keys there; each change is seen at once by every application that uses it. Writes end by themselves after %Ln minutes without a write.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writable, ends %Ln min after the last write</source>
        <translation>
            <numerusform>Writable, ends %Ln min after the last write</numerusform>
            <numerusform>Writable, ends %Ln min after the last write</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DeadLetterGroupsPanel</name>
    <message numerus="yes">
        <source>%Ln dead letter(s)</source>
        <translation>
            <numerusform>%Ln dead letter</numerusform>
            <numerusform>%Ln dead letters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %Ln group(s)</source>
        <translation>
            <numerusform>in %Ln group</numerusform>
            <numerusform>in %Ln groups</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::ExpiryChoice</name>
    <message numerus="yes">
        <source>%Ln d %1</source>
        <translation>
            <numerusform>%Ln d %1</numerusform>
            <numerusform>%Ln d %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::MaintenancePane</name>
    <message numerus="yes">
        <source>%1 (%Ln pages)</source>
        <translation>
            <numerusform>%1 (%Ln page)</numerusform>
            <numerusform>%1 (%Ln pages)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pages (%1): what a VACUUM would reclaim</source>
        <translation>
            <numerusform>%Ln page (%1): what a VACUUM would reclaim</numerusform>
            <numerusform>%Ln pages (%1): what a VACUUM would reclaim</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln session(s) hold back VACUUM: idle in a transaction, or in one open for 5 minutes or more (marked).</source>
        <translation>
            <numerusform>%Ln session holds back VACUUM: idle in a transaction, or in one open for 5 minutes or more (marked).</numerusform>
            <numerusform>%Ln sessions hold back VACUUM: idle in a transaction, or in one open for 5 minutes or more (marked).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln session(s) wait for a lock.</source>
        <translation>
            <numerusform>%Ln session waits for a lock.</numerusform>
            <numerusform>%Ln sessions wait for a lock.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::OutageBanner</name>
    <message numerus="yes">
        <source>Next try at %1 (in %Ln s).</source>
        <translation>
            <numerusform>Next try at %1 (in %Ln s).</numerusform>
            <numerusform>Next try at %1 (in %Ln s).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueActions</name>
    <message numerus="yes">
        <source>Deleted %Ln done message(s) of topic &quot;%1&quot;.</source>
        <translation>
            <numerusform>Deleted %Ln done message of topic &quot;%1&quot;.</numerusform>
            <numerusform>Deleted %Ln done messages of topic &quot;%1&quot;.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueActionsBar</name>
    <message numerus="yes">
        <source>Delete the %Ln done message(s) of topic &quot;%1&quot;? Messages of other topics and statuses are kept. This cannot be undone.</source>
        <translation>
            <numerusform>Delete the %Ln done message of topic &quot;%1&quot;? Messages of other topics and statuses are kept. This cannot be undone.</numerusform>
            <numerusform>Delete the %Ln done messages of topic &quot;%1&quot;? Messages of other topics and statuses are kept. This cannot be undone.</numerusform>
        </translation>
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
            <numerusform>dead letters growing (+%Ln)</numerusform>
            <numerusform>dead letters growing (+%Ln)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln lease(s) expiring within %1</source>
        <translation>
            <numerusform>%Ln lease expiring within %1</numerusform>
            <numerusform>%Ln leases expiring within %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueuesController</name>
    <message numerus="yes">
        <source>Retried %Ln message(s).</source>
        <translation>
            <numerusform>Retried %Ln message.</numerusform>
            <numerusform>Retried %Ln messages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln message(s).</source>
        <translation>
            <numerusform>Deleted %Ln message.</numerusform>
            <numerusform>Deleted %Ln messages.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueuesPane</name>
    <message numerus="yes">
        <source>Retry %Ln dead message(s) of topic &quot;%1&quot;? They become due now, with their attempts reset.</source>
        <translation>
            <numerusform>Retry %Ln dead message of topic &quot;%1&quot;? It becomes due now, with its attempts reset.</numerusform>
            <numerusform>Retry %Ln dead messages of topic &quot;%1&quot;? They become due now, with their attempts reset.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln dead message(s) of topic &quot;%1&quot;? This cannot be undone.</source>
        <translation>
            <numerusform>Delete %Ln dead message of topic &quot;%1&quot;? This cannot be undone.</numerusform>
            <numerusform>Delete %Ln dead messages of topic &quot;%1&quot;? This cannot be undone.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>enqueued more than %Ln minute(s) ago</source>
        <translation>
            <numerusform>enqueued more than %Ln minute ago</numerusform>
            <numerusform>enqueued more than %Ln minutes ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at least %Ln attempt(s)</source>
        <translation>
            <numerusform>at least %Ln attempt</numerusform>
            <numerusform>at least %Ln attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Retry the %Ln dead message(s) of topic &quot;%1&quot; that match %2? They become due now, with their attempts reset.</source>
        <translation>
            <numerusform>Retry the %Ln dead message of topic &quot;%1&quot; that matches %2? It becomes due now, with its attempts reset.</numerusform>
            <numerusform>Retry the %Ln dead messages of topic &quot;%1&quot; that match %2? They become due now, with their attempts reset.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete the %Ln dead message(s) of topic &quot;%1&quot; that match %2? This cannot be undone.</source>
        <translation>
            <numerusform>Delete the %Ln dead message of topic &quot;%1&quot; that matches %2? This cannot be undone.</numerusform>
            <numerusform>Delete the %Ln dead messages of topic &quot;%1&quot; that match %2? This cannot be undone.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Export %Ln message(s) to a file first</source>
        <translation>
            <numerusform>Export %Ln message to a file first</numerusform>
            <numerusform>Export %Ln messages to a file first</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::RecentlyDeletedDialog</name>
    <message numerus="yes">
        <source>Restored %Ln entry(s).</source>
        <translation>
            <numerusform>Restored %Ln entry.</numerusform>
            <numerusform>Restored %Ln entries.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln skipped: written since (or expired since).</source>
        <translation>
            <numerusform>%Ln skipped: written since (or expired since).</numerusform>
            <numerusform>%Ln skipped: written since (or expired since).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %Ln more</source>
        <translation>
            <numerusform>and %Ln more</numerusform>
            <numerusform>and %Ln more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) created by the import deleted.</source>
        <translation>
            <numerusform>%Ln key created by the import deleted.</numerusform>
            <numerusform>%Ln keys created by the import deleted.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Restored %1: %Ln put back, %2 skipped</source>
        <translation>
            <numerusform>Restored %1: %Ln put back, %2 skipped</numerusform>
            <numerusform>Restored %1: %Ln put back, %2 skipped</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::SavedReportsPanel</name>
    <message numerus="yes">
        <source>%Ln prefix(es) changed</source>
        <translation>
            <numerusform>%Ln prefix changed</numerusform>
            <numerusform>%Ln prefixes changed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln appeared</source>
        <translation>
            <numerusform>%Ln appeared</numerusform>
            <numerusform>%Ln appeared</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln vanished</source>
        <translation>
            <numerusform>%Ln vanished</numerusform>
            <numerusform>%Ln vanished</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::ServerRoleStatus</name>
    <message numerus="yes">
        <source>replay lag %Ln s</source>
        <translation>
            <numerusform>replay lag %Ln s</numerusform>
            <numerusform>replay lag %Ln s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::SubtreeBulkAction</name>
    <message numerus="yes">
        <source>Export %Ln entries of %1 to %2?</source>
        <translation>
            <numerusform>Export %Ln entry of %1 to %2?</numerusform>
            <numerusform>Export %Ln entries of %1 to %2?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln entries of %1?</source>
        <translation>
            <numerusform>Delete %Ln entry of %1?</numerusform>
            <numerusform>Delete %Ln entries of %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy %Ln entries of %1 from %2 to %3?</source>
        <translation>
            <numerusform>Copy %Ln entry of %1 from %2 to %3?</numerusform>
            <numerusform>Copy %Ln entries of %1 from %2 to %3?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Import the %Ln entries of %1 into this database?</source>
        <translation>
            <numerusform>Import the %Ln entry of %1 into this database?</numerusform>
            <numerusform>Import the %Ln entries of %1 into this database?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Import stopped at line %1 (%2). Nothing of that line&apos;s batch was written; %Ln entries were imported before it.</source>
        <translation>
            <numerusform>Import stopped at line %1 (%2). Nothing of that line&apos;s batch was written; %Ln entry was imported before it.</numerusform>
            <numerusform>Import stopped at line %1 (%2). Nothing of that line&apos;s batch was written; %Ln entries were imported before it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Failed after %Ln entries: %1</source>
        <translation>
            <numerusform>Failed after %Ln entry: %1</numerusform>
            <numerusform>Failed after %Ln entries: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Export cancelled after %Ln entries; %1 was not written.</source>
        <translation>
            <numerusform>Export cancelled after %Ln entry; %1 was not written.</numerusform>
            <numerusform>Export cancelled after %Ln entries; %1 was not written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln entries to %1.</source>
        <translation>
            <numerusform>Exported %Ln entry to %1.</numerusform>
            <numerusform>Exported %Ln entries to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete cancelled: %Ln entries were deleted before it stopped.</source>
        <translation>
            <numerusform>Delete cancelled: %Ln entry was deleted before it stopped.</numerusform>
            <numerusform>Delete cancelled: %Ln entries were deleted before it stopped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln entries.</source>
        <translation>
            <numerusform>Deleted %Ln entry.</numerusform>
            <numerusform>Deleted %Ln entries.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy cancelled: %Ln entries copied to %1 (%2 skipped) before it stopped.</source>
        <translation>
            <numerusform>Copy cancelled: %Ln entry copied to %1 (%2 skipped) before it stopped.</numerusform>
            <numerusform>Copy cancelled: %Ln entries copied to %1 (%2 skipped) before it stopped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln entries to %1, skipped %2.</source>
        <translation>
            <numerusform>Copied %Ln entry to %1, skipped %2.</numerusform>
            <numerusform>Copied %Ln entries to %1, skipped %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Import cancelled: %Ln entries imported (%1 skipped) before it stopped.</source>
        <translation>
            <numerusform>Import cancelled: %Ln entry imported (%1 skipped) before it stopped.</numerusform>
            <numerusform>Import cancelled: %Ln entries imported (%1 skipped) before it stopped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %Ln entries, skipped %1.</source>
        <translation>
            <numerusform>Imported %Ln entry, skipped %1.</numerusform>
            <numerusform>Imported %Ln entries, skipped %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln kept entries had changed since (written, deleted or expired) and were left as they are.</source>
        <translation>
            <numerusform>%Ln kept entry had changed since (written, deleted or expired) and was left as it is.</numerusform>
            <numerusform>%Ln kept entries had changed since (written, deleted or expired) and were left as they are.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::SweepJob</name>
    <message numerus="yes">
        <source>Retried %Ln message(s).</source>
        <translation>
            <numerusform>Retried %Ln message.</numerusform>
            <numerusform>Retried %Ln messages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln message(s).</source>
        <translation>
            <numerusform>Deleted %Ln message.</numerusform>
            <numerusform>Deleted %Ln messages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s) match.</source>
        <translation>
            <numerusform>%Ln message matches.</numerusform>
            <numerusform>%Ln messages match.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln message(s) to %1.</source>
        <translation>
            <numerusform>Exported %Ln message to %1.</numerusform>
            <numerusform>Exported %Ln messages to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::SweepJobBar</name>
    <message numerus="yes">
        <source>Exporting before the delete: %Ln message(s) written…</source>
        <translation>
            <numerusform>Exporting before the delete: %Ln message written…</numerusform>
            <numerusform>Exporting before the delete: %Ln messages written…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s) match (of %1 read).</source>
        <translation>
            <numerusform>%Ln message matches (of %1 read).</numerusform>
            <numerusform>%Ln messages match (of %1 read).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::TransactionPane</name>
    <message numerus="yes">
        <source>Dry run: all %Ln check(s) pass; the commit would go through now. Nothing was written.</source>
        <translation>
            <numerusform>Dry run: the %Ln check passes; the commit would go through now. Nothing was written.</numerusform>
            <numerusform>Dry run: all %Ln checks pass; the commit would go through now. Nothing was written.</numerusform>
        </translation>
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
%2 of the bytes shown
%3 (keys %4, values %5)
%Ln entry</numerusform>
            <numerusform>%1
%2 of the bytes shown
%3 (keys %4, values %5)
%Ln entries</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::UndoConflictDialog</name>
    <message numerus="yes">
        <source>%Ln key(s) of this step changed since it was undone here: another process or tab wrote them. Reverting them would lose what was written.</source>
        <translation>
            <numerusform>%Ln key of this step changed since it was undone here: another process or tab wrote it. Reverting it would lose what was written.</numerusform>
            <numerusform>%Ln keys of this step changed since it was undone here: another process or tab wrote them. Reverting them would lose what was written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln key(s) of this step changed since this app wrote them: another process or tab wrote them. Reverting them would lose what was written.</source>
        <translation>
            <numerusform>%Ln key of this step changed since this app wrote it: another process or tab wrote it. Reverting it would lose what was written.</numerusform>
            <numerusform>%Ln keys of this step changed since this app wrote them: another process or tab wrote them. Reverting them would lose what was written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Revert the %Ln that still match</source>
        <translation>
            <numerusform>Revert the %Ln that still matches</numerusform>
            <numerusform>Revert the %Ln that still match</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::ValueResultAction</name>
    <message numerus="yes">
        <source>Delete the %Ln entries found?</source>
        <translation>
            <numerusform>Delete the entry found?</numerusform>
            <numerusform>Delete the %Ln entries found?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Make the %Ln entries found expire in %1 s?</source>
        <translation>
            <numerusform>Make the entry found expire in %1 s?</numerusform>
            <numerusform>Make the %Ln entries found expire in %1 s?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Clear the expiry of the %Ln entries found?</source>
        <translation>
            <numerusform>Clear the expiry of the entry found?</numerusform>
            <numerusform>Clear the expiry of the %Ln entries found?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Export the %Ln entries found to %1?</source>
        <translation>
            <numerusform>Export the entry found to %1?</numerusform>
            <numerusform>Export the %Ln entries found to %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln entries.</source>
        <translation>
            <numerusform>Deleted %Ln entry.</numerusform>
            <numerusform>Deleted %Ln entries.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Set the expiry of %Ln entries.</source>
        <translation>
            <numerusform>Set the expiry of %Ln entry.</numerusform>
            <numerusform>Set the expiry of %Ln entries.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cleared the expiry of %Ln entries.</source>
        <translation>
            <numerusform>Cleared the expiry of %Ln entry.</numerusform>
            <numerusform>Cleared the expiry of %Ln entries.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln entries to %1.</source>
        <translation>
            <numerusform>Exported %Ln entry to %1.</numerusform>
            <numerusform>Exported %Ln entries to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Skipped %Ln that changed since the search.</source>
        <translation>
            <numerusform>Skipped %Ln that changed since the search.</numerusform>
            <numerusform>Skipped %Ln that changed since the search.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Failed after %Ln entries: %1</source>
        <translation>
            <numerusform>Failed after %Ln entry: %1</numerusform>
            <numerusform>Failed after %Ln entries: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::ValueSearchPane</name>
    <message numerus="yes">
        <source>Add a check of %Ln entries found to the Transaction view?</source>
        <translation>
            <numerusform>Add a check of the entry found to the Transaction view?</numerusform>
            <numerusform>Add a check of %Ln entries found to the Transaction view?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added checks of %Ln entries to the Transaction view.</source>
        <translation>
            <numerusform>Added a check of %Ln entry to the Transaction view.</numerusform>
            <numerusform>Added checks of %Ln entries to the Transaction view.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::WatchPane</name>
    <message numerus="yes">
        <source>%1 and %Ln more</source>
        <translation>
            <numerusform>%1 and %Ln more</numerusform>
            <numerusform>%1 and %Ln more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entries watched</source>
        <translation>
            <numerusform>%Ln entry watched</numerusform>
            <numerusform>%Ln entries watched</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln changes in the history</source>
        <translation>
            <numerusform>%Ln change in the history</numerusform>
            <numerusform>%Ln changes in the history</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Clear the %Ln changes of the history? They are not kept anywhere else; export them first to keep them. The database is not touched.</source>
        <translation>
            <numerusform>Clear the %Ln change of the history? It is not kept anywhere else; export it first to keep it. The database is not touched.</numerusform>
            <numerusform>Clear the %Ln changes of the history? They are not kept anywhere else; export them first to keep them. The database is not touched.</numerusform>
        </translation>
    </message>
</context>
</TS>
