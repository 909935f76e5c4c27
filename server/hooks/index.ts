/*
 * The hand-written writer hooks, one small module per document (see README, "Writes and hooks"). Importing
 * this module registers them; app.ts imports it once.
 */
import './online-graph-report.ts';
import './online-report.ts';
import './system-depart.ts';
import './system-file.ts';
import './system-permission-data-rule.ts';
import './system-role.ts';
import './system-tenant.ts';
import './system-user.ts';
