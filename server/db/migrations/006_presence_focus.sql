-- Where each editor's focus is on the page they have open (issue 23 §3): a component's identifier and a
-- field's path, both null when the focus is in no field. focus_changed says whether the row's last write moved
-- the focus: the heartbeat's upsert reads it back to announce only moves (PostgreSQL 15's RETURNING cannot
-- see a row's old values).
ALTER TABLE presence
  ADD COLUMN focus_component text,
  ADD COLUMN focus_field text,
  ADD COLUMN focus_changed boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT presence_focus_whole CHECK ((focus_component IS NULL) = (focus_field IS NULL));
