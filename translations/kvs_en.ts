<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>MaintenanceActions</name>
    <message numerus="yes">
        <source>Removed %n expired entries.</source>
        <translation>
            <numerusform>Removed %n expired entry.</numerusform>
            <numerusform>Removed %n expired entries.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cleaned the queue: %n message(s) removed or dead-lettered (finished past their retention, or leases out of attempts).</source>
        <translation>
            <numerusform>Cleaned the queue: %n message removed or dead-lettered (finished past its retention, or a lease out of attempts).</numerusform>
            <numerusform>Cleaned the queue: %n messages removed or dead-lettered (finished past their retention, or leases out of attempts).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %1 found %n problem(s): %2</source>
        <translation>
            <numerusform>The %1 found %n problem: %2</numerusform>
            <numerusform>The %1 found %n problems: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Frees the space of the dead rows (%n now, by the statistics) for reuse and refreshes the planner&apos;s statistics. Readers and writers go on; it reads every table, which loads the server while it runs. A session that holds back VACUUM (marked above) keeps the rows deleted since it began.</source>
        <translation>
            <numerusform>Frees the space of the dead rows (%n now, by the statistics) for reuse and refreshes the planner&apos;s statistics. Readers and writers go on; it reads every table, which loads the server while it runs. A session that holds back VACUUM (marked above) keeps the rows deleted since it began.</numerusform>
            <numerusform>Frees the space of the dead rows (%n now, by the statistics) for reuse and refreshes the planner&apos;s statistics. Readers and writers go on; it reads every table, which loads the server while it runs. A session that holds back VACUUM (marked above) keeps the rows deleted since it began.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TreemapTiles</name>
    <message numerus="yes">
        <source>others (%n children)</source>
        <translation>
            <numerusform>others (%n child)</numerusform>
            <numerusform>others (%n children)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ValueColumnText</name>
    <message numerus="yes">
        <source>%n bytes</source>
        <translation>
            <numerusform>%n byte</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::AnalysisCharts</name>
    <message numerus="yes">
        <source>%n other kind(s)</source>
        <translation>
            <numerusform>%n other kind</numerusform>
            <numerusform>%n other kinds</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::AuditLogView</name>
    <message numerus="yes">
        <source>%n record(s).</source>
        <translation>
            <numerusform>%n record.</numerusform>
            <numerusform>%n records.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be read.</source>
        <translation>
            <numerusform>%n line could not be read.</numerusform>
            <numerusform>%n lines could not be read.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::CellGrid</name>
    <message numerus="yes">
        <source>… (%n bytes)</source>
        <translation>
            <numerusform>… (%n byte)</numerusform>
            <numerusform>… (%n bytes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bytes</source>
        <translation>
            <numerusform>%n byte</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::CommitHistoryModel</name>
    <message numerus="yes">
        <source>%n check(s)</source>
        <translation>
            <numerusform>%n check</numerusform>
            <numerusform>%n checks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mutation(s)</source>
        <translation>
            <numerusform>%n mutation</numerusform>
            <numerusform>%n mutations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseBackup</name>
    <message numerus="yes">
        <source>Backed up %n entries (%1) to %2.</source>
        <translation>
            <numerusform>Backed up %n entry (%1) to %2.</numerusform>
            <numerusform>Backed up %n entries (%1) to %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseRestore</name>
    <message numerus="yes">
        <source>Restored %n entries from %1.</source>
        <translation>
            <numerusform>Restored %n entry from %1.</numerusform>
            <numerusform>Restored %n entries from %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseUndo</name>
    <message numerus="yes">
        <source>Redid %1: %n key(s) written again.</source>
        <translation>
            <numerusform>Redid %1: %n key written again.</numerusform>
            <numerusform>Redid %1: %n keys written again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Undid %1: %n key(s) changed back.</source>
        <translation>
            <numerusform>Undid %1: %n key changed back.</numerusform>
            <numerusform>Undid %1: %n keys changed back.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) that changed since were left alone.</source>
        <translation>
            <numerusform>%n key that changed since was left alone.</numerusform>
            <numerusform>%n keys that changed since were left alone.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Redid part of %1: %n key(s) written again.</source>
        <translation>
            <numerusform>Redid part of %1: %n key written again.</numerusform>
            <numerusform>Redid part of %1: %n keys written again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Undid part of %1: %n key(s) changed back.</source>
        <translation>
            <numerusform>Undid part of %1: %n key changed back.</numerusform>
            <numerusform>Undid part of %1: %n keys changed back.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) left: Redo goes on with them.</source>
        <translation>
            <numerusform>%n key left: Redo goes on with it.</numerusform>
            <numerusform>%n keys left: Redo goes on with them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) left: Undo goes on with them.</source>
        <translation>
            <numerusform>%n key left: Undo goes on with it.</numerusform>
            <numerusform>%n keys left: Undo goes on with them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DatabaseView</name>
    <message numerus="yes">
        <source>Writes ended by themselves after %n minute(s) without a write (production). Allow writes again to write.</source>
        <translation>
            <numerusform>Writes ended by themselves after %n minute without a write (production). Allow writes again to write.</numerusform>
            <numerusform>Writes ended by themselves after %n minutes without a write (production). Allow writes again to write.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 is a production database (%2). With writes allowed you can edit, delete and create keys there; each change is seen at once by every application that uses it. Writes end by themselves after %n minute(s) without a write.</source>
        <translation>
            <numerusform>%1 is a production database (%2). With writes allowed you can edit, delete and create keys there; each change is seen at once by every application that uses it. Writes end by themselves after %n minute without a write.</numerusform>
            <numerusform>%1 is a production database (%2). With writes allowed you can edit, delete and create keys there; each change is seen at once by every application that uses it. Writes end by themselves after %n minutes without a write.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writable, ends %n min after the last write</source>
        <translation>
            <numerusform>Writable, ends %n min after the last write</numerusform>
            <numerusform>Writable, ends %n min after the last write</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::DeadLetterGroupsPanel</name>
    <message numerus="yes">
        <source>%n dead letter(s)</source>
        <translation>
            <numerusform>%n dead letter</numerusform>
            <numerusform>%n dead letters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n group(s)</source>
        <translation>
            <numerusform>in %n group</numerusform>
            <numerusform>in %n groups</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::ExpiryChoice</name>
    <message numerus="yes">
        <source>%n d %1</source>
        <translation>
            <numerusform>%n d %1</numerusform>
            <numerusform>%n d %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::MaintenancePane</name>
    <message numerus="yes">
        <source>%1 (%n pages)</source>
        <translation>
            <numerusform>%1 (%n page)</numerusform>
            <numerusform>%1 (%n pages)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pages (%1): what a VACUUM would reclaim</source>
        <translation>
            <numerusform>%n page (%1): what a VACUUM would reclaim</numerusform>
            <numerusform>%n pages (%1): what a VACUUM would reclaim</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n session(s) hold back VACUUM: idle in a transaction, or in one open for 5 minutes or more (marked).</source>
        <translation>
            <numerusform>%n session holds back VACUUM: idle in a transaction, or in one open for 5 minutes or more (marked).</numerusform>
            <numerusform>%n sessions hold back VACUUM: idle in a transaction, or in one open for 5 minutes or more (marked).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n session(s) wait for a lock.</source>
        <translation>
            <numerusform>%n session waits for a lock.</numerusform>
            <numerusform>%n sessions wait for a lock.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::OutageBanner</name>
    <message numerus="yes">
        <source>Next try at %1 (in %n s).</source>
        <translation>
            <numerusform>Next try at %1 (in %n s).</numerusform>
            <numerusform>Next try at %1 (in %n s).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueActions</name>
    <message numerus="yes">
        <source>Deleted %n done message(s) of topic &quot;%1&quot;.</source>
        <translation>
            <numerusform>Deleted %n done message of topic &quot;%1&quot;.</numerusform>
            <numerusform>Deleted %n done messages of topic &quot;%1&quot;.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueActionsBar</name>
    <message numerus="yes">
        <source>Delete the %n done message(s) of topic &quot;%1&quot;? Messages of other topics and statuses are kept. This cannot be undone.</source>
        <translation>
            <numerusform>Delete the %n done message of topic &quot;%1&quot;? Messages of other topics and statuses are kept. This cannot be undone.</numerusform>
            <numerusform>Delete the %n done messages of topic &quot;%1&quot;? Messages of other topics and statuses are kept. This cannot be undone.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueueOverviewModel</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>dead letters growing (+%n)</source>
        <translation>
            <numerusform>dead letters growing (+%n)</numerusform>
            <numerusform>dead letters growing (+%n)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lease(s) expiring within %1</source>
        <translation>
            <numerusform>%n lease expiring within %1</numerusform>
            <numerusform>%n leases expiring within %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueuesController</name>
    <message numerus="yes">
        <source>Retried %n message(s).</source>
        <translation>
            <numerusform>Retried %n message.</numerusform>
            <numerusform>Retried %n messages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n message(s).</source>
        <translation>
            <numerusform>Deleted %n message.</numerusform>
            <numerusform>Deleted %n messages.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::QueuesPane</name>
    <message numerus="yes">
        <source>Retry %n dead message(s) of topic &quot;%1&quot;? They become due now, with their attempts reset.</source>
        <translation>
            <numerusform>Retry %n dead message of topic &quot;%1&quot;? It becomes due now, with its attempts reset.</numerusform>
            <numerusform>Retry %n dead messages of topic &quot;%1&quot;? They become due now, with their attempts reset.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n dead message(s) of topic &quot;%1&quot;? This cannot be undone.</source>
        <translation>
            <numerusform>Delete %n dead message of topic &quot;%1&quot;? This cannot be undone.</numerusform>
            <numerusform>Delete %n dead messages of topic &quot;%1&quot;? This cannot be undone.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>enqueued more than %n minute(s) ago</source>
        <translation>
            <numerusform>enqueued more than %n minute ago</numerusform>
            <numerusform>enqueued more than %n minutes ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at least %n attempt(s)</source>
        <translation>
            <numerusform>at least %n attempt</numerusform>
            <numerusform>at least %n attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Retry the %n dead message(s) of topic &quot;%1&quot; that match %2? They become due now, with their attempts reset.</source>
        <translation>
            <numerusform>Retry the %n dead message of topic &quot;%1&quot; that matches %2? It becomes due now, with its attempts reset.</numerusform>
            <numerusform>Retry the %n dead messages of topic &quot;%1&quot; that match %2? They become due now, with their attempts reset.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete the %n dead message(s) of topic &quot;%1&quot; that match %2? This cannot be undone.</source>
        <translation>
            <numerusform>Delete the %n dead message of topic &quot;%1&quot; that matches %2? This cannot be undone.</numerusform>
            <numerusform>Delete the %n dead messages of topic &quot;%1&quot; that match %2? This cannot be undone.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Export %n message(s) to a file first</source>
        <translation>
            <numerusform>Export %n message to a file first</numerusform>
            <numerusform>Export %n messages to a file first</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::RecentlyDeletedDialog</name>
    <message numerus="yes">
        <source>Restored %n entry(s).</source>
        <translation>
            <numerusform>Restored %n entry.</numerusform>
            <numerusform>Restored %n entries.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skipped: written since (or expired since).</source>
        <translation>
            <numerusform>%n skipped: written since (or expired since).</numerusform>
            <numerusform>%n skipped: written since (or expired since).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) created by the import deleted.</source>
        <translation>
            <numerusform>%n key created by the import deleted.</numerusform>
            <numerusform>%n keys created by the import deleted.</numerusform>
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
        <source>%n prefix(es) changed</source>
        <translation>
            <numerusform>%n prefix changed</numerusform>
            <numerusform>%n prefixes changed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n appeared</source>
        <translation>
            <numerusform>%n appeared</numerusform>
            <numerusform>%n appeared</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n vanished</source>
        <translation>
            <numerusform>%n vanished</numerusform>
            <numerusform>%n vanished</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::ServerRoleStatus</name>
    <message numerus="yes">
        <source>replay lag %n s</source>
        <translation>
            <numerusform>replay lag %n s</numerusform>
            <numerusform>replay lag %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::SubtreeBulkAction</name>
    <message numerus="yes">
        <source>Export %n entries of %1 to %2?</source>
        <translation>
            <numerusform>Export %n entry of %1 to %2?</numerusform>
            <numerusform>Export %n entries of %1 to %2?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n entries of %1?</source>
        <translation>
            <numerusform>Delete %n entry of %1?</numerusform>
            <numerusform>Delete %n entries of %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy %n entries of %1 from %2 to %3?</source>
        <translation>
            <numerusform>Copy %n entry of %1 from %2 to %3?</numerusform>
            <numerusform>Copy %n entries of %1 from %2 to %3?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Import the %n entries of %1 into this database?</source>
        <translation>
            <numerusform>Import the %n entry of %1 into this database?</numerusform>
            <numerusform>Import the %n entries of %1 into this database?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Import stopped at line %1 (%2). Nothing of that line&apos;s batch was written; %n entries were imported before it.</source>
        <translation>
            <numerusform>Import stopped at line %1 (%2). Nothing of that line&apos;s batch was written; %n entry was imported before it.</numerusform>
            <numerusform>Import stopped at line %1 (%2). Nothing of that line&apos;s batch was written; %n entries were imported before it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Failed after %n entries: %1</source>
        <translation>
            <numerusform>Failed after %n entry: %1</numerusform>
            <numerusform>Failed after %n entries: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Export cancelled after %n entries; %1 was not written.</source>
        <translation>
            <numerusform>Export cancelled after %n entry; %1 was not written.</numerusform>
            <numerusform>Export cancelled after %n entries; %1 was not written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n entries to %1.</source>
        <translation>
            <numerusform>Exported %n entry to %1.</numerusform>
            <numerusform>Exported %n entries to %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete cancelled: %n entries were deleted before it stopped.</source>
        <translation>
            <numerusform>Delete cancelled: %n entry was deleted before it stopped.</numerusform>
            <numerusform>Delete cancelled: %n entries were deleted before it stopped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n entries.</source>
        <translation>
            <numerusform>Deleted %n entry.</numerusform>
            <numerusform>Deleted %n entries.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy cancelled: %n entries copied to %1 (%2 skipped) before it stopped.</source>
        <translation>
            <numerusform>Copy cancelled: %n entry copied to %1 (%2 skipped) before it stopped.</numerusform>
            <numerusform>Copy cancelled: %n entries copied to %1 (%2 skipped) before it stopped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied %n entries to %1, skipped %2.</source>
        <translation>
            <numerusform>Copied %n entry to %1, skipped %2.</numerusform>
            <numerusform>Copied %n entries to %1, skipped %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Import cancelled: %n entries imported (%1 skipped) before it stopped.</source>
        <translation>
            <numerusform>Import cancelled: %n entry imported (%1 skipped) before it stopped.</numerusform>
            <numerusform>Import cancelled: %n entries imported (%1 skipped) before it stopped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n entries, skipped %1.</source>
        <translation>
            <numerusform>Imported %n entry, skipped %1.</numerusform>
            <numerusform>Imported %n entries, skipped %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kept entries had changed since (written, deleted or expired) and were left as they are.</source>
        <translation>
            <numerusform>%n kept entry had changed since (written, deleted or expired) and was left as it is.</numerusform>
            <numerusform>%n kept entries had changed since (written, deleted or expired) and were left as they are.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::SweepJob</name>
    <message numerus="yes">
        <source>Retried %n message(s).</source>
        <translation>
            <numerusform>Retried %n message.</numerusform>
            <numerusform>Retried %n messages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n message(s).</source>
        <translation>
            <numerusform>Deleted %n message.</numerusform>
            <numerusform>Deleted %n messages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) match.</source>
        <translation>
            <numerusform>%n message matches.</numerusform>
            <numerusform>%n messages match.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n message(s) to %1.</source>
        <translation>
            <numerusform>Exported %n message to %1.</numerusform>
            <numerusform>Exported %n messages to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::SweepJobBar</name>
    <message numerus="yes">
        <source>Exporting before the delete: %n message(s) written…</source>
        <translation>
            <numerusform>Exporting before the delete: %n message written…</numerusform>
            <numerusform>Exporting before the delete: %n messages written…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) match (of %1 read).</source>
        <translation>
            <numerusform>%n message matches (of %1 read).</numerusform>
            <numerusform>%n messages match (of %1 read).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::TransactionPane</name>
    <message numerus="yes">
        <source>Dry run: all %n check(s) pass; the commit would go through now. Nothing was written.</source>
        <translation>
            <numerusform>Dry run: the %n check passes; the commit would go through now. Nothing was written.</numerusform>
            <numerusform>Dry run: all %n checks pass; the commit would go through now. Nothing was written.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::TreemapWidget</name>
    <message numerus="yes">
        <source>%1
%2 of the bytes shown
%3 (keys %4, values %5)
%n entries</source>
        <translation>
            <numerusform>%1
%2 of the bytes shown
%3 (keys %4, values %5)
%n entry</numerusform>
            <numerusform>%1
%2 of the bytes shown
%3 (keys %4, values %5)
%n entries</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvs::ui::UndoConflictDialog</name>
    <message numerus="yes">
        <source>%n key(s) of this step changed since it was undone here: another process or tab wrote them. Reverting them would lose what was written.</source>
        <translation>
            <numerusform>%n key of this step changed since it was undone here: another process or tab wrote it. Reverting it would lose what was written.</numerusform>
            <numerusform>%n keys of this step changed since it was undone here: another process or tab wrote them. Reverting them would lose what was written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n key(s) of this step changed since this app wrote them: another process or tab wrote them. Reverting them would lose what was written.</source>
        <translation>
            <numerusform>%n key of this step changed since this app wrote it: another process or tab wrote it. Reverting it would lose what was written.</numerusform>
            <numerusform>%n keys of this step changed since this app wrote them: another process or tab wrote them. Reverting them would lose what was written.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Revert the %n that still match</source>
        <translation>
            <numerusform>Revert the %n that still matches</numerusform>
            <numerusform>Revert the %n that still match</numerusform>
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
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries watched</source>
        <translation>
            <numerusform>%n entry watched</numerusform>
            <numerusform>%n entries watched</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changes in the history</source>
        <translation>
            <numerusform>%n change in the history</numerusform>
            <numerusform>%n changes in the history</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Clear the %n changes of the history? They are not kept anywhere else; export them first to keep them. The database is not touched.</source>
        <translation>
            <numerusform>Clear the %n change of the history? It is not kept anywhere else; export it first to keep it. The database is not touched.</numerusform>
            <numerusform>Clear the %n changes of the history? They are not kept anywhere else; export them first to keep them. The database is not touched.</numerusform>
        </translation>
    </message>
</context>
</TS>
