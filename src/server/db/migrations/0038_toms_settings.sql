-- TOMS, the VAT margin scheme (issue #27; src/shared/toms.ts): the settings it reads, with their
-- defaults, so the System settings screen shows them. The code falls back to the same defaults.
INSERT INTO "system_settings" ("name", "value") VALUES
	('vat_standard_rate', '20'),
	('toms_tour_managers_in_house', 'yes')
ON CONFLICT ("name") DO NOTHING;
