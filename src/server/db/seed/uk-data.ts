/**
 * Curated word lists for the demo and scale data: British names, UK towns with their county,
 * postcode area and dialling code, agencies, affiliates, suppliers, resorts, airlines, coach
 * pick-ups and the tour catalogue. Random choices among them are made by the seeded faker (demo)
 * or by hashing in SQL (scale), so the data stays deterministic.
 */

// biome-ignore format: a data table reads best packed
export const MALE_FIRST_NAMES = [
  'John', 'David', 'Michael', 'Peter', 'Robert', 'Paul', 'Stephen', 'Richard', 'Andrew', 'Christopher',
  'Mark', 'James', 'William', 'Brian', 'Anthony', 'Alan', 'Ian', 'Kevin', 'Keith', 'Colin', 'Graham',
  'Geoffrey', 'Malcolm', 'Derek', 'Trevor', 'Barry', 'Roger', 'Kenneth', 'Raymond', 'Terence', 'Dennis',
  'Gordon', 'Neil', 'Martin', 'Philip', 'Simon', 'Gary', 'Stuart', 'Nigel', 'Timothy', 'Jonathan',
  'Matthew', 'Daniel', 'Thomas', 'George', 'Edward', 'Charles', 'Henry', 'Frederick', 'Arthur', 'Harry',
  'Jack', 'Oliver', 'Samuel', 'Joseph', 'Benjamin', 'Luke', 'Adam', 'Ryan', 'Liam', 'Craig', 'Gareth',
  'Rhys', 'Owen', 'Hamish', 'Alistair', 'Fraser', 'Callum', 'Douglas', 'Duncan', 'Ewan', 'Patrick',
  'Sean', 'Declan', 'Howard', 'Leslie', 'Clive', 'Roy', 'Bernard', 'Donald', 'Eric', 'Ronald', 'Frank',
  'Harold', 'Norman', 'Stanley', 'Vincent', 'Wayne', 'Lee', 'Darren', 'Jason', 'Carl', 'Dean', 'Rajesh',
  'Sanjay', 'Imran', 'Mohammed', 'Tariq', 'Aled', 'Dafydd', 'Ciaran', 'Niall', 'Angus',
];

// biome-ignore format: a data table reads best packed
export const FEMALE_FIRST_NAMES = [
  'Margaret', 'Susan', 'Patricia', 'Linda', 'Christine', 'Janet', 'Barbara', 'Elizabeth', 'Carol', 'Jean',
  'Pauline', 'Sandra', 'Anne', 'Julie', 'Karen', 'Jacqueline', 'Valerie', 'Maureen', 'Gillian', 'Helen',
  'Sarah', 'Emma', 'Claire', 'Rachel', 'Nicola', 'Joanne', 'Lisa', 'Alison', 'Catherine', 'Deborah',
  'Angela', 'Wendy', 'Lesley', 'Brenda', 'Sheila', 'Joan', 'Dorothy', 'Irene', 'Eileen', 'Doreen',
  'Kathleen', 'Mary', 'Jennifer', 'Judith', 'Hilary', 'Rosemary', 'Diane', 'Denise', 'Tracey', 'Amanda',
  'Rebecca', 'Laura', 'Charlotte', 'Hannah', 'Sophie', 'Jessica', 'Lucy', 'Emily', 'Olivia', 'Amelia',
  'Grace', 'Chloe', 'Megan', 'Victoria', 'Louise', 'Kate', 'Jane', 'Fiona', 'Ruth', 'Sally', 'Caroline',
  'Heather', 'Janice', 'Lynne', 'Beverley', 'Yvonne', 'Marion', 'Elaine', 'Shirley', 'June', 'Sylvia',
  'Rita', 'Gwen', 'Bethan', 'Sian', 'Morag', 'Kirsty', 'Mairi', 'Siobhan', 'Aileen', 'Priya', 'Anita',
  'Nadia', 'Fatima', 'Samantha', 'Michelle', 'Kelly', 'Natalie', 'Jill', 'Gail', 'Maxine',
];

// biome-ignore format: a data table reads best packed
export const SURNAMES = [
  'Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson',
  'Roberts', 'Robinson', 'Thompson', 'Wright', 'Walker', 'White', 'Edwards', 'Hughes', 'Green', 'Hall',
  'Lewis', 'Harris', 'Clarke', 'Patel', 'Jackson', 'Wood', 'Turner', 'Martin', 'Cooper', 'Hill', 'Ward',
  'Morris', 'Moore', 'Clark', 'Lee', 'King', 'Baker', 'Harrison', 'Morgan', 'Allen', 'James', 'Scott',
  'Phillips', 'Watson', 'Davis', 'Parker', 'Price', 'Bennett', 'Young', 'Griffiths', 'Mitchell', 'Kelly',
  'Cook', 'Carter', 'Richardson', 'Bailey', 'Collins', 'Bell', 'Shaw', 'Murphy', 'Miller', 'Cox',
  'Richards', 'Khan', 'Marshall', 'Anderson', 'Simpson', 'Ellis', 'Adams', 'Singh', 'Wilkinson', 'Foster',
  'Chapman', 'Powell', 'Webb', 'Rogers', 'Gray', 'Mason', 'Ali', 'Hunt', 'Hussain', 'Campbell', 'Matthews',
  'Owen', 'Palmer', 'Holmes', 'Mills', 'Barnes', 'Knight', 'Lloyd', 'Butler', 'Russell', 'Barker',
  'Fisher', 'Stevens', 'Jenkins', 'Murray', 'Dixon', 'Harvey', 'Graham', 'Pearson', 'Ahmed', 'Fletcher',
  'Walsh', 'Kaur', 'Gibson', 'Howard', 'Andrews', 'Stewart', 'Elliott', 'Reynolds', 'Saunders', 'Payne',
  'Fox', 'Ford', 'Pearce', 'Day', 'Brooks', 'West', 'Lawrence', 'Cole', 'Atkinson', 'Bradley', 'Spencer',
  'Gill', 'Dawson', 'Ball', 'Burton', "O'Brien", 'Watts', 'Rose', 'Booth', 'Perry', 'Ryan', 'Grant',
  'Wells', 'Armstrong', 'Francis', 'Rees', 'Hayes', 'Hart', 'Hudson', 'Newman', 'Barrett', 'Webster',
  'Hunter', 'Gregory', 'Carr', 'Lowe', 'Page', 'Marsh', 'Riley', 'Dunn', 'Woods', 'Parsons', 'Berry',
  'Stone', 'Reid', 'Holland', 'Hawkins', 'Harding', 'Porter', 'Robertson', 'Newton', 'Oliver', 'Reed',
  'Kennedy', 'Williamson', 'Bird', 'Gardner', 'Shah', 'Dean', 'Lane', 'Cooke', 'Bates', 'Henderson',
  'Parry', 'Burgess', 'Bishop', 'Walton', 'Burns', 'Nicholson', 'Shepherd', 'Ross', 'Cross', 'Long',
  'Freeman', 'Warren', 'Nicholls', 'Hamilton', 'Byrne', 'Sutton', 'McDonald', 'Yates', 'Hodgson',
  'Robson', 'Curtis', 'Hopkins', "O'Connor", 'Harper', 'Coleman', 'Watkins', 'Moss', 'McCarthy',
  'Chambers', "O'Neill", 'Griffin', 'Sharp', 'Hardy', 'Wheeler', 'Potter', 'Osborne', 'Johnston',
  'Gordon', 'Doyle', 'Wallace', 'George', 'Jordan', 'Hutchinson', 'Rowe', 'Burke', 'May', 'Pritchard',
  'Gilbert', 'Willis', 'Higgins', 'Read', 'Miles', 'Stevenson', 'Stephenson', 'Hammond', 'Arnold',
  'Buckley', 'Walters', 'Hewitt', 'Barber', 'Nelson', 'Slater', 'Austin', 'Sullivan', 'Whitehead', 'Mann',
  'Frost', 'Lambert', 'Stephens', 'Blake', 'Akhtar', 'Lynch', 'Goodwin', 'Barton', 'Woodward', 'Thomson',
  'Cunningham', 'Quinn', 'Barnett', 'Baxter', 'Clayton', 'Nash', 'Greenwood', 'Jennings', 'Holt', 'Kemp',
  'Poole', 'Gallagher', 'Bond', 'Stokes', 'Tucker', 'Davidson', 'Fowler', 'Heath', 'Norman', 'Middleton',
  'Lawson', 'Banks', 'French', 'Stanley', 'Jarvis', 'Gibbs', 'Ferguson', 'Hayward', 'Carroll', 'Douglas',
  'Dickinson', 'Todd', 'Barlow', 'Peters', 'Lucas', 'Knowles', 'Hartley', 'Miah', 'Simmons', 'Morton',
  'Alexander', 'Field', 'Morrison', 'Norris', 'Townsend', 'Preston', 'Hancock', 'Thornton', 'Baldwin',
  'Burrows', 'Briggs', 'Storey', 'Pope', 'Kirby', 'MacLeod', 'Fraser', 'McKenzie', 'Llewellyn', 'Pugh',
];

/** [town, county, postcode area, dialling code] */
// biome-ignore format: a data table reads best packed
export const UK_TOWNS: readonly [string, string, string, string][] = [
  ['London', 'Greater London', 'SW', '020'], ['London', 'Greater London', 'N', '020'],
  ['London', 'Greater London', 'SE', '020'], ['Croydon', 'Greater London', 'CR', '020'],
  ['Bromley', 'Greater London', 'BR', '020'], ['Harrow', 'Greater London', 'HA', '020'],
  ['Manchester', 'Greater Manchester', 'M', '0161'], ['Stockport', 'Greater Manchester', 'SK', '0161'],
  ['Bolton', 'Greater Manchester', 'BL', '01204'], ['Wigan', 'Greater Manchester', 'WN', '01942'],
  ['Oldham', 'Greater Manchester', 'OL', '0161'], ['Liverpool', 'Merseyside', 'L', '0151'],
  ['Southport', 'Merseyside', 'PR', '01704'], ['Wirral', 'Merseyside', 'CH', '0151'],
  ['Preston', 'Lancashire', 'PR', '01772'], ['Blackpool', 'Lancashire', 'FY', '01253'],
  ['Lancaster', 'Lancashire', 'LA', '01524'], ['Blackburn', 'Lancashire', 'BB', '01254'],
  ['Chester', 'Cheshire', 'CH', '01244'], ['Warrington', 'Cheshire', 'WA', '01925'],
  ['Crewe', 'Cheshire', 'CW', '01270'], ['Macclesfield', 'Cheshire', 'SK', '01625'],
  ['Leeds', 'West Yorkshire', 'LS', '0113'], ['Bradford', 'West Yorkshire', 'BD', '01274'],
  ['Huddersfield', 'West Yorkshire', 'HD', '01484'], ['Wakefield', 'West Yorkshire', 'WF', '01924'],
  ['Halifax', 'West Yorkshire', 'HX', '01422'], ['Sheffield', 'South Yorkshire', 'S', '0114'],
  ['Doncaster', 'South Yorkshire', 'DN', '01302'], ['Rotherham', 'South Yorkshire', 'S', '01709'],
  ['Barnsley', 'South Yorkshire', 'S', '01226'], ['York', 'North Yorkshire', 'YO', '01904'],
  ['Harrogate', 'North Yorkshire', 'HG', '01423'], ['Scarborough', 'North Yorkshire', 'YO', '01723'],
  ['Hull', 'East Riding of Yorkshire', 'HU', '01482'], ['Newcastle upon Tyne', 'Tyne and Wear', 'NE', '0191'],
  ['Sunderland', 'Tyne and Wear', 'SR', '0191'], ['Durham', 'County Durham', 'DH', '0191'],
  ['Darlington', 'County Durham', 'DL', '01325'], ['Middlesbrough', 'North Yorkshire', 'TS', '01642'],
  ['Carlisle', 'Cumbria', 'CA', '01228'], ['Kendal', 'Cumbria', 'LA', '01539'],
  ['Birmingham', 'West Midlands', 'B', '0121'], ['Coventry', 'West Midlands', 'CV', '024'],
  ['Wolverhampton', 'West Midlands', 'WV', '01902'], ['Solihull', 'West Midlands', 'B', '0121'],
  ['Walsall', 'West Midlands', 'WS', '01922'], ['Nottingham', 'Nottinghamshire', 'NG', '0115'],
  ['Mansfield', 'Nottinghamshire', 'NG', '01623'], ['Derby', 'Derbyshire', 'DE', '01332'],
  ['Chesterfield', 'Derbyshire', 'S', '01246'], ['Leicester', 'Leicestershire', 'LE', '0116'],
  ['Loughborough', 'Leicestershire', 'LE', '01509'], ['Lincoln', 'Lincolnshire', 'LN', '01522'],
  ['Northampton', 'Northamptonshire', 'NN', '01604'], ['Stoke-on-Trent', 'Staffordshire', 'ST', '01782'],
  ['Stafford', 'Staffordshire', 'ST', '01785'], ['Shrewsbury', 'Shropshire', 'SY', '01743'],
  ['Worcester', 'Worcestershire', 'WR', '01905'], ['Hereford', 'Herefordshire', 'HR', '01432'],
  ['Norwich', 'Norfolk', 'NR', '01603'], ['Ipswich', 'Suffolk', 'IP', '01473'],
  ['Cambridge', 'Cambridgeshire', 'CB', '01223'], ['Peterborough', 'Cambridgeshire', 'PE', '01733'],
  ['Colchester', 'Essex', 'CO', '01206'], ['Chelmsford', 'Essex', 'CM', '01245'],
  ['Southend-on-Sea', 'Essex', 'SS', '01702'], ['Brighton', 'East Sussex', 'BN', '01273'],
  ['Eastbourne', 'East Sussex', 'BN', '01323'], ['Worthing', 'West Sussex', 'BN', '01903'],
  ['Crawley', 'West Sussex', 'RH', '01293'], ['Guildford', 'Surrey', 'GU', '01483'],
  ['Canterbury', 'Kent', 'CT', '01227'], ['Maidstone', 'Kent', 'ME', '01622'],
  ['Tunbridge Wells', 'Kent', 'TN', '01892'], ['Reading', 'Berkshire', 'RG', '0118'],
  ['Oxford', 'Oxfordshire', 'OX', '01865'], ['Milton Keynes', 'Buckinghamshire', 'MK', '01908'],
  ['Luton', 'Bedfordshire', 'LU', '01582'], ['St Albans', 'Hertfordshire', 'AL', '01727'],
  ['Southampton', 'Hampshire', 'SO', '023'], ['Portsmouth', 'Hampshire', 'PO', '023'],
  ['Winchester', 'Hampshire', 'SO', '01962'], ['Bournemouth', 'Dorset', 'BH', '01202'],
  ['Salisbury', 'Wiltshire', 'SP', '01722'], ['Swindon', 'Wiltshire', 'SN', '01793'],
  ['Bristol', 'Bristol', 'BS', '0117'], ['Bath', 'Somerset', 'BA', '01225'],
  ['Taunton', 'Somerset', 'TA', '01823'], ['Exeter', 'Devon', 'EX', '01392'],
  ['Plymouth', 'Devon', 'PL', '01752'], ['Torquay', 'Devon', 'TQ', '01803'],
  ['Truro', 'Cornwall', 'TR', '01872'], ['Gloucester', 'Gloucestershire', 'GL', '01452'],
  ['Cheltenham', 'Gloucestershire', 'GL', '01242'], ['Cardiff', 'South Glamorgan', 'CF', '029'],
  ['Swansea', 'West Glamorgan', 'SA', '01792'], ['Newport', 'Gwent', 'NP', '01633'],
  ['Wrexham', 'Clwyd', 'LL', '01978'], ['Llandudno', 'Conwy', 'LL', '01492'],
  ['Edinburgh', 'Midlothian', 'EH', '0131'], ['Glasgow', 'Lanarkshire', 'G', '0141'],
  ['Aberdeen', 'Aberdeenshire', 'AB', '01224'], ['Dundee', 'Angus', 'DD', '01382'],
  ['Inverness', 'Inverness-shire', 'IV', '01463'], ['Perth', 'Perthshire', 'PH', '01738'],
  ['Stirling', 'Stirlingshire', 'FK', '01786'], ['Ayr', 'Ayrshire', 'KA', '01292'],
  ['Belfast', 'County Antrim', 'BT', '028'], ['Lisburn', 'County Antrim', 'BT', '028'],
  ['Londonderry', 'County Londonderry', 'BT', '028'],
];

// biome-ignore format: a data table reads best packed
export const STREET_NAMES = [
  'Church', 'Station', 'Victoria', 'Manor', 'Queens', 'Kings', 'Albert', 'Grange', 'School', 'Mill',
  'North', 'South', 'West', 'London', 'York', 'Chester', 'Windsor', 'Richmond', 'Oak', 'Elm', 'Beech',
  'Willow', 'Ash', 'Cedar', 'Chestnut', 'Meadow', 'Orchard', 'Springfield', 'Highfield', 'Westfield',
  'Fairfield', 'Greenfield', 'Hillside', 'Woodland', 'Mount', 'Priory', 'Abbey', 'Castle', 'Bridge',
  'Market', 'Chapel', 'Brook', 'Rectory', 'Vicarage', 'Cromwell', 'Nelson', 'Wellington', 'Stanley',
  'Alexandra', 'Cambridge', 'Hawthorn', 'Heather', 'Holly', 'Laburnum', 'Lime', 'Rowan', 'Sycamore',
  'Poplar', 'Park', 'Green', 'Lansdowne', 'Belvedere', 'Clarence', 'Granville', 'Kingsley',
];

// biome-ignore format: a data table reads best packed
export const STREET_SUFFIXES = [
  'Road', 'Road', 'Road', 'Street', 'Street', 'Lane', 'Lane', 'Avenue', 'Avenue', 'Close', 'Close', 'Drive',
  'Grove', 'Crescent', 'Way', 'Gardens', 'Place', 'Court', 'Terrace', 'View', 'Rise', 'Walk',
];

// biome-ignore format: a data table reads best packed
export const EMAIL_DOMAINS = [
  'gmail.com', 'gmail.com', 'gmail.com', 'hotmail.co.uk', 'hotmail.co.uk', 'yahoo.co.uk', 'btinternet.com',
  'btinternet.com', 'outlook.com', 'sky.com', 'icloud.com', 'aol.com', 'talktalk.net', 'virginmedia.com',
  'live.co.uk', 'googlemail.com',
];

/** Letters allowed in the inward part of a UK postcode. */
export const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export const AGENCY_NAME_PATTERNS = [
  '{town} Travel',
  '{surname} Travel',
  '{surname} & {surname2} Travel',
  '{town} Holiday Shop',
  'Travel Counsellors – {first} {surname}',
  '{town} Travel Centre',
  'Premier Travel {town}',
  'Hays Travel {town}',
  'Co-op Travel {town}',
  '{surname} Tours & Travel',
  'Travelbag {town}',
  'Select Holidays {town}',
  'Global Travel {town}',
  '{town} Cruise & Travel',
  'Bon Voyage {town}',
];

// biome-ignore format: a data table reads best packed
export const AFFILIATES: readonly [string, string][] = [
  ['Country Living Reader Holidays', 'CLRH'], ['Heritage Railway Society', 'HRS'],
  ['The Garden Lovers Club', 'GLC'], ['Retired Teachers Association', 'RTA'],
  ['Yorkshire Post Reader Offers', 'YPRO'], ['Scottish Field Travel', 'SFT'],
  ['National Caravan Club Travel', 'NCCT'], ['Rotary Club of Harrogate', 'RCH'],
  ['Women in Travel Network', 'WITN'], ['BirdWatch Magazine Tours', 'BWMT'],
  ['Classic Motor Club', 'CMC'], ['Cathedral Friends Association', 'CFA'],
  ['The Ramblers Travel Club', 'TRTC'], ['Choir & Organ Magazine', 'COM'], ['Evergreen Club Holidays', 'ECH'],
  ['Family History Society', 'FHS'], ['Wine Society Travel', 'WST'], ['Steam Enthusiasts Club', 'SEC'],
  ['Military History Circle', 'MHC'], ['Wildlife Trust Holidays', 'WTH'],
];

// biome-ignore format: a data table reads best packed
export const SUPPLIERS = [
  'Mediterranean Hotel Partners Ltd', 'Alpine Escapes GmbH', 'Highland Hotels Group', 'Iberian Hotel Collection',
  'Dalmatian Coast Travel d.o.o.', 'Hellenic Holidays S.A.', 'Lusitania Hotels Lda', 'Garda Lakes Hospitality Srl',
  'Campania Incoming Srl', 'Canary Islands Resorts S.L.', 'Swiss Travel Partners AG', 'Tirol Touristik GmbH',
  'Cornish Coast Hotels Ltd', 'Lakeland Inns Ltd', 'Cambrian Hotels Ltd', 'Emerald Isle Hospitality Ltd',
  'Far East Ground Services Pte', 'Golden Triangle Destination Management', 'Rocky Mountain Receptive Inc.',
  'Cape Incoming Services (Pty) Ltd', 'Andean Journeys S.A.C.', 'Indochina Travel Partners',
];

export const UK_BANKS = [
  'Barclays',
  'HSBC UK',
  'Lloyds Bank',
  'NatWest',
  'Santander UK',
  'Royal Bank of Scotland',
];

/** Resorts: [name, location, ISO country, coastal]. */
// biome-ignore format: a data table reads best packed
export const RESORTS: readonly [string, string, string, boolean][] = [
  ['Palma Nova', 'Majorca', 'ES', true], ['Alcudia', 'Majorca', 'ES', true],
  ['Benalmádena', 'Costa del Sol', 'ES', true], ['Puerto de la Cruz', 'Tenerife', 'ES', true],
  ['Maspalomas', 'Gran Canaria', 'ES', true], ['Benidorm', 'Costa Blanca', 'ES', true],
  ['Ibiza Town', 'Ibiza', 'ES', true], ['Albufeira', 'Algarve', 'PT', true], ['Funchal', 'Madeira', 'PT', true],
  ['Lisbon', 'Lisbon Coast', 'PT', false], ['Porto', 'Northern Portugal', 'PT', false],
  ['Garda', 'Lake Garda', 'IT', false], ['Sorrento', 'Bay of Naples', 'IT', true], ['Rome', 'Lazio', 'IT', false],
  ['Venice Lido', 'Veneto', 'IT', true], ['Taormina', 'Sicily', 'IT', true], ['Florence', 'Tuscany', 'IT', false],
  ['Dubrovnik', 'Dalmatia', 'HR', true], ['Split', 'Dalmatia', 'HR', true], ['Athens', 'Attica', 'GR', false],
  ['Hersonissos', 'Crete', 'GR', true], ['Corfu Town', 'Corfu', 'GR', true],
  ['Interlaken', 'Bernese Oberland', 'CH', false], ['Lucerne', 'Central Switzerland', 'CH', false],
  ['Mayrhofen', 'Tyrol', 'AT', false], ['Salzburg', 'Salzburg Land', 'AT', false],
  ['Fort William', 'Scottish Highlands', 'GB', false], ['Inverness', 'Scottish Highlands', 'GB', false],
  ['Keswick', 'Lake District', 'GB', false], ['Newquay', 'Cornwall', 'GB', true], ['St Ives', 'Cornwall', 'GB', true],
  ['Llandudno', 'North Wales', 'GB', true], ['Tenby', 'Pembrokeshire', 'GB', true], ['Torquay', 'Devon', 'GB', true],
  ['Whitby', 'North Yorkshire', 'GB', true], ['Alnwick', 'Northumberland', 'GB', false],
  ['Shanklin', 'Isle of Wight', 'GB', true], ['Kirkwall', 'Orkney', 'GB', true],
  ['Killarney', 'County Kerry', 'IE', false], ['Galway', 'County Galway', 'IE', true],
  ['Rüdesheim', 'Rhine Valley', 'DE', false], ['Bruges', 'Flanders', 'BE', false], ['Paris', 'Île-de-France', 'FR', false],
  ['Amboise', 'Loire Valley', 'FR', false], ['Bayeux', 'Normandy', 'FR', false],
  ['Tokyo', 'Kanto', 'JP', false], ['Kyoto', 'Kansai', 'JP', false], ['Delhi', 'National Capital Territory', 'IN', false],
  ['Jaipur', 'Rajasthan', 'IN', false], ['Banff', 'Alberta', 'CA', false], ['New York', 'New York State', 'US', false],
  ['Cape Town', 'Western Cape', 'ZA', true], ['Hanoi', 'Red River Delta', 'VN', false], ['Cusco', 'Cusco Region', 'PE', false],
  ['Bangkok', 'Central Thailand', 'TH', false], ['Queenstown', 'Otago', 'NZ', false],
];

/** Airlines: [name, IATA designator, web check-in days before, contact name]. */
export const AIRLINES: readonly [string, string, number, string][] = [
  ['Jet2', 'LS', 28, 'Jet2 Groups Desk'],
  ['easyJet', 'U2', 30, 'easyJet Group Bookings'],
  ['TUI Airways', 'BY', 14, 'TUI Seat-Only Sales'],
  ['British Airways', 'BA', 1, 'BA Groups & Events'],
  ['Ryanair', 'FR', 60, 'Ryanair Group Desk'],
  ['Wizz Air', 'W9', 30, 'Wizz Air UK Groups'],
  ['Loganair', 'LM', 1, 'Loganair Reservations'],
  ['Aer Lingus', 'EI', 1, 'Aer Lingus Groups'],
];

/** Which airlines fly from each UK departure airport (by designator). */
export const UK_AIRPORT_AIRLINES: Record<string, string[]> = {
  LHR: ['BA', 'EI'],
  LGW: ['BA', 'U2', 'BY', 'W9'],
  MAN: ['LS', 'U2', 'BY', 'FR', 'EI'],
  BHX: ['LS', 'BY', 'FR', 'EI'],
  BRS: ['LS', 'U2', 'BY', 'FR'],
  EDI: ['LS', 'U2', 'FR', 'LM'],
  GLA: ['LS', 'U2', 'BY', 'LM'],
  NCL: ['LS', 'U2', 'BY'],
  EMA: ['LS', 'BY', 'FR'],
  LBA: ['LS', 'FR'],
  STN: ['LS', 'FR', 'BY'],
  LTN: ['U2', 'W9', 'BY'],
  BFS: ['LS', 'U2', 'BY', 'EI'],
};

export const UK_DEPARTURE_AIRPORTS = Object.keys(UK_AIRPORT_AIRLINES);

/** Destination airports: IATA → [flight hours, hours ahead of UK local time, airlines allowed (empty = any)]. */
// biome-ignore format: a data table reads best packed
export const DESTINATION_AIRPORTS: Record<string, [number, number, string[]]> = {
  PMI: [2.25, 1, []], AGP: [2.75, 1, []], FAO: [2.75, 0, []], ALC: [2.5, 1, []], TFS: [4.25, 0, []],
  LPA: [4.25, 0, []], IBZ: [2.25, 1, []], LIS: [2.75, 0, []], OPO: [2.25, 0, []], FNC: [3.75, 0, []],
  VRN: [2, 1, []], NAP: [2.75, 1, []], FCO: [2.5, 1, []], VCE: [2, 1, []], CTA: [3.25, 1, []], PSA: [2.25, 1, []],
  DBV: [2.75, 1, []], SPU: [2.5, 1, []], ATH: [3.75, 2, []], HER: [4, 2, []], CFU: [3.25, 2, []],
  GVA: [1.75, 1, []], INN: [2, 1, []], SZG: [2, 1, []], KOI: [1.5, 0, ['LM']], KIR: [1.25, 0, ['EI']],
  HND: [14, 8, ['BA']], DEL: [9, 5, ['BA']], YYC: [9.5, -7, ['BA']], JFK: [8, -5, ['BA']], CPT: [11.5, 1, ['BA']],
  HAN: [13, 6, ['BA']], LIM: [12.5, -6, ['BA']], BKK: [11.5, 6, ['BA']], AKL: [24, 12, ['BA']],
};

/** Coach pick-up regions and their points. */
export const PICKUP_REGIONS: readonly [string, string[]][] = [
  [
    'North West',
    [
      'Manchester Chorlton Street Coach Station',
      'Liverpool Norton Street Coach Station',
      'Preston Bus Station',
      'Bolton Interchange',
      'Warrington Bus Interchange',
      'Lancaster Bus Station',
    ],
  ],
  [
    'Yorkshire',
    [
      'Leeds City Bus Station',
      'Sheffield Interchange',
      'York Rougier Street',
      'Bradford Interchange',
      'Hull Paragon Interchange',
      'Wakefield Bus Station',
    ],
  ],
  [
    'Midlands',
    [
      'Birmingham Coach Station (Digbeth)',
      'Nottingham Broad Marsh Bus Station',
      "Leicester St Margaret's Bus Station",
      'Coventry Pool Meadow Bus Station',
      'Derby Bus Station',
      'Hanley Bus Station, Stoke-on-Trent',
    ],
  ],
  [
    'London & South East',
    [
      'London Victoria Coach Station',
      'Heathrow Central Bus Station',
      'Gatwick South Terminal Coach Station',
      'Brighton Pool Valley Coach Station',
      'Reading Station Coach Stop',
      'Canterbury Bus Station',
    ],
  ],
  [
    'South West',
    [
      'Bristol Bus & Coach Station',
      'Exeter Bus Station',
      'Plymouth Coach Station',
      'Bath Bus Station',
      'Swindon Bus Station',
      'Taunton Castle Street Coach Stop',
    ],
  ],
  [
    'Scotland',
    [
      'Glasgow Buchanan Bus Station',
      'Edinburgh Bus Station',
      'Stirling Bus Station',
      'Perth Broxden Park & Ride',
      'Dundee Seagate Bus Station',
      'Aberdeen Union Square Bus Station',
    ],
  ],
];

export type TourType = 'air' | 'coach' | 'self-drive' | 'world-wide';
export type Season = 'all' | 'summer' | 'winter' | 'markets';

/** A tour of the catalogue: resorts name its hotels' resorts; airports its destination airports. */
export interface TourTemplate {
  name: string;
  type: TourType;
  country: string;
  resorts: string[];
  airports?: string[];
  duration: number;
  price: number;
  season: Season;
  minimumAge?: number;
}

// biome-ignore format: a data table reads best packed
export const TOUR_TEMPLATES: TourTemplate[] = [
  { name: 'Lake Garda & Verona', type: 'air', country: 'IT', resorts: ['Garda'], airports: ['VRN'], duration: 8, price: 899, season: 'summer' },
  { name: 'Sorrento & the Amalfi Coast', type: 'air', country: 'IT', resorts: ['Sorrento'], airports: ['NAP'], duration: 8, price: 1049, season: 'summer' },
  { name: 'Rome, Florence & Venice', type: 'air', country: 'IT', resorts: ['Rome', 'Florence'], airports: ['FCO'], duration: 10, price: 1495, season: 'all' },
  { name: 'Venice & the Italian Lakes', type: 'air', country: 'IT', resorts: ['Venice Lido', 'Garda'], airports: ['VCE'], duration: 7, price: 999, season: 'summer' },
  { name: 'Sicily Explored', type: 'air', country: 'IT', resorts: ['Taormina'], airports: ['CTA'], duration: 8, price: 1129, season: 'all' },
  { name: 'Tuscan Hill Towns & Pisa', type: 'air', country: 'IT', resorts: ['Florence'], airports: ['PSA'], duration: 7, price: 979, season: 'summer' },
  { name: 'Majorca Winter Sun', type: 'air', country: 'ES', resorts: ['Palma Nova', 'Alcudia'], airports: ['PMI'], duration: 8, price: 549, season: 'winter' },
  { name: 'Costa del Sol Escape', type: 'air', country: 'ES', resorts: ['Benalmádena'], airports: ['AGP'], duration: 8, price: 629, season: 'all' },
  { name: 'Tenerife Island Discovery', type: 'air', country: 'ES', resorts: ['Puerto de la Cruz'], airports: ['TFS'], duration: 8, price: 749, season: 'all' },
  { name: 'Gran Canaria Sunshine', type: 'air', country: 'ES', resorts: ['Maspalomas'], airports: ['LPA'], duration: 11, price: 869, season: 'winter' },
  { name: 'Alicante & the Costa Blanca', type: 'air', country: 'ES', resorts: ['Benidorm'], airports: ['ALC'], duration: 8, price: 579, season: 'all' },
  { name: 'Ibiza Old Town & Beaches', type: 'air', country: 'ES', resorts: ['Ibiza Town'], airports: ['IBZ'], duration: 5, price: 519, season: 'summer' },
  { name: 'Algarve Coast & Villages', type: 'air', country: 'PT', resorts: ['Albufeira'], airports: ['FAO'], duration: 8, price: 699, season: 'all' },
  { name: 'Madeira Island of Flowers', type: 'air', country: 'PT', resorts: ['Funchal'], airports: ['FNC'], duration: 8, price: 949, season: 'all' },
  { name: 'Lisbon & Porto by Rail', type: 'air', country: 'PT', resorts: ['Lisbon', 'Porto'], airports: ['LIS'], duration: 7, price: 1099, season: 'summer' },
  { name: 'Dubrovnik & the Dalmatian Coast', type: 'air', country: 'HR', resorts: ['Dubrovnik', 'Split'], airports: ['DBV'], duration: 8, price: 1079, season: 'summer' },
  { name: 'Croatian Island Hopping', type: 'air', country: 'HR', resorts: ['Split'], airports: ['SPU'], duration: 10, price: 1249, season: 'summer' },
  { name: 'Classical Greece', type: 'air', country: 'GR', resorts: ['Athens'], airports: ['ATH'], duration: 8, price: 1149, season: 'all' },
  { name: 'Crete: Palaces & Gorges', type: 'air', country: 'GR', resorts: ['Hersonissos'], airports: ['HER'], duration: 8, price: 879, season: 'summer' },
  { name: 'Corfu Island Escape', type: 'air', country: 'GR', resorts: ['Corfu Town'], airports: ['CFU'], duration: 8, price: 829, season: 'summer' },
  { name: 'Swiss Lakes & Mountains', type: 'air', country: 'CH', resorts: ['Interlaken', 'Lucerne'], airports: ['GVA'], duration: 8, price: 1395, season: 'summer' },
  { name: 'Austrian Tyrol & Salzburg', type: 'air', country: 'AT', resorts: ['Mayrhofen', 'Salzburg'], airports: ['INN', 'SZG'], duration: 8, price: 1029, season: 'all' },
  { name: 'Orkney Islands Explorer', type: 'air', country: 'GB', resorts: ['Kirkwall'], airports: ['KOI'], duration: 5, price: 895, season: 'summer' },
  { name: 'Ring of Kerry by Air', type: 'air', country: 'IE', resorts: ['Killarney'], airports: ['KIR'], duration: 5, price: 695, season: 'summer' },
  { name: 'Scottish Highlands & Islands by Coach', type: 'coach', country: 'GB', resorts: ['Fort William', 'Inverness'], duration: 6, price: 649, season: 'summer' },
  { name: 'Lake District & Yorkshire Dales', type: 'coach', country: 'GB', resorts: ['Keswick'], duration: 5, price: 469, season: 'summer' },
  { name: 'Cornish Riviera by Coach', type: 'coach', country: 'GB', resorts: ['Newquay', 'St Ives'], duration: 5, price: 429, season: 'all' },
  { name: 'Snowdonia & North Wales', type: 'coach', country: 'GB', resorts: ['Llandudno'], duration: 5, price: 399, season: 'all' },
  { name: 'Turkey & Tinsel in Torquay', type: 'coach', country: 'GB', resorts: ['Torquay'], duration: 5, price: 349, season: 'markets' },
  { name: 'Isle of Wight Gardens', type: 'coach', country: 'GB', resorts: ['Shanklin'], duration: 4, price: 379, season: 'summer' },
  { name: 'Northumberland Coast & Holy Island', type: 'coach', country: 'GB', resorts: ['Alnwick'], duration: 5, price: 449, season: 'summer' },
  { name: 'Royal Deeside & Loch Ness', type: 'coach', country: 'GB', resorts: ['Inverness'], duration: 6, price: 599, season: 'summer' },
  { name: 'Christmas Markets of the Rhine', type: 'coach', country: 'DE', resorts: ['Rüdesheim'], duration: 6, price: 559, season: 'markets', minimumAge: 12 },
  { name: 'Bruges & Flanders Fields', type: 'coach', country: 'BE', resorts: ['Bruges'], duration: 4, price: 389, season: 'all' },
  { name: 'Paris in Springtime', type: 'coach', country: 'FR', resorts: ['Paris'], duration: 5, price: 499, season: 'summer' },
  { name: 'Killarney & the Wild Atlantic Way', type: 'coach', country: 'IE', resorts: ['Killarney', 'Galway'], duration: 7, price: 799, season: 'summer' },
  { name: 'Cornwall Self-Drive', type: 'self-drive', country: 'GB', resorts: ['St Ives', 'Newquay'], duration: 7, price: 549, season: 'all' },
  { name: 'Pembrokeshire Coast Self-Drive', type: 'self-drive', country: 'GB', resorts: ['Tenby'], duration: 5, price: 399, season: 'summer' },
  { name: 'Wild Atlantic Way Self-Drive', type: 'self-drive', country: 'IE', resorts: ['Galway', 'Killarney'], duration: 9, price: 899, season: 'summer' },
  { name: 'Scottish North Coast 500 Self-Drive', type: 'self-drive', country: 'GB', resorts: ['Inverness'], duration: 10, price: 1099, season: 'summer' },
  { name: 'Lake District Self-Drive', type: 'self-drive', country: 'GB', resorts: ['Keswick'], duration: 5, price: 429, season: 'all' },
  { name: 'Loire Valley Châteaux Self-Drive', type: 'self-drive', country: 'FR', resorts: ['Amboise'], duration: 8, price: 749, season: 'summer' },
  { name: 'Yorkshire Coast & Moors Self-Drive', type: 'self-drive', country: 'GB', resorts: ['Whitby'], duration: 5, price: 419, season: 'all' },
  { name: 'Normandy D-Day Beaches Self-Drive', type: 'self-drive', country: 'FR', resorts: ['Bayeux'], duration: 6, price: 629, season: 'summer', minimumAge: 10 },
  { name: 'Highlights of Japan', type: 'world-wide', country: 'JP', resorts: ['Tokyo', 'Kyoto'], airports: ['HND'], duration: 14, price: 4295, season: 'all' },
  { name: "India's Golden Triangle", type: 'world-wide', country: 'IN', resorts: ['Delhi', 'Jaipur'], airports: ['DEL'], duration: 11, price: 1895, season: 'winter' },
  { name: 'Canadian Rockies by Rail', type: 'world-wide', country: 'CA', resorts: ['Banff'], airports: ['YYC'], duration: 12, price: 3495, season: 'summer' },
  { name: 'New York City Break', type: 'world-wide', country: 'US', resorts: ['New York'], airports: ['JFK'], duration: 5, price: 1195, season: 'all' },
  { name: 'Cape Town & the Garden Route', type: 'world-wide', country: 'ZA', resorts: ['Cape Town'], airports: ['CPT'], duration: 14, price: 3195, season: 'winter' },
  { name: 'Vietnam Discovery', type: 'world-wide', country: 'VN', resorts: ['Hanoi'], airports: ['HAN'], duration: 16, price: 2895, season: 'winter' },
  { name: 'Treasures of Peru', type: 'world-wide', country: 'PE', resorts: ['Cusco'], airports: ['LIM'], duration: 15, price: 3695, season: 'all', minimumAge: 12 },
  { name: 'Thailand: Bangkok & Beyond', type: 'world-wide', country: 'TH', resorts: ['Bangkok'], airports: ['BKK'], duration: 12, price: 2195, season: 'winter' },
  { name: 'New Zealand Grand Tour', type: 'world-wide', country: 'NZ', resorts: ['Queenstown'], airports: ['AKL'], duration: 16, price: 5295, season: 'winter' },
];

/** Words for hotel names. */
// biome-ignore format: a data table reads best packed
export const HOTEL_WORDS = [
  'Bellavista', 'Miramare', 'Panorama', 'Royal', 'Excelsior', 'Belvedere', 'Palace', 'Continental', 'Victoria',
  'Park', 'Marina', 'Imperial', 'Majestic', 'Metropole', 'Regina', 'Astoria', 'Bristol', 'Savoy', 'Alpina',
  'Sunset', 'Riviera', 'Grand', 'Plaza', 'Esplanade', 'Bay View', 'Harbour', 'Oceanic', 'Central', 'Crown',
];

// biome-ignore format: a data table reads best packed
export const EXTRAS: readonly {
  name: string;
  price: number;
  cost: number;
  perPerson: boolean;
  commissionable: boolean;
  forTypes: TourType[];
}[] = [
  { name: 'Comprehensive Travel Insurance', price: 45, cost: 28, perPerson: true, commissionable: false, forTypes: ['air', 'coach', 'self-drive', 'world-wide'] },
  { name: 'Airport Lounge Access', price: 32, cost: 24, perPerson: true, commissionable: true, forTypes: ['air', 'world-wide'] },
  { name: 'Extra Legroom Seat', price: 25, cost: 20, perPerson: true, commissionable: true, forTypes: ['air', 'world-wide'] },
  { name: 'Additional Hold Luggage (23kg)', price: 40, cost: 34, perPerson: true, commissionable: false, forTypes: ['air'] },
  { name: 'Airport Parking', price: 69, cost: 52, perPerson: false, commissionable: true, forTypes: ['air', 'world-wide'] },
  { name: 'Private Transfer Upgrade', price: 60, cost: 40, perPerson: false, commissionable: true, forTypes: ['air', 'world-wide'] },
  { name: 'Pre-Tour Hotel Night', price: 89, cost: 62, perPerson: false, commissionable: true, forTypes: ['air', 'coach', 'world-wide'] },
  { name: 'Front Seats on the Coach', price: 20, cost: 0, perPerson: true, commissionable: true, forTypes: ['coach'] },
  { name: 'Ferry Crossing Upgrade', price: 35, cost: 25, perPerson: false, commissionable: true, forTypes: ['self-drive'] },
  { name: 'Premium Car Hire Upgrade', price: 120, cost: 85, perPerson: false, commissionable: true, forTypes: ['self-drive'] },
];

export const DISCOUNTS: readonly {
  code: string;
  description: string;
  value: number;
  percent: boolean;
  perPerson: boolean;
  onBase?: boolean;
  manual?: boolean;
}[] = [
  {
    code: 'EARLYBIRD50',
    description: 'Early booking saving, £50 per person',
    value: 50,
    percent: false,
    perPerson: true,
  },
  {
    code: 'WELCOMEBACK',
    description: 'Returning customer: 5% off the tour price',
    value: 5,
    percent: true,
    perPerson: false,
  },
  {
    code: 'BASE10',
    description: '10% off the base price (selected departures)',
    value: 10,
    percent: true,
    perPerson: false,
    onBase: true,
  },
  {
    code: 'FRIENDS100',
    description: 'Friends travelling together: £100 off the booking',
    value: 100,
    percent: false,
    perPerson: false,
  },
  {
    code: 'SINGLESAVER',
    description: 'Single supplement waived: £25 per person',
    value: 25,
    percent: false,
    perPerson: true,
  },
  {
    code: 'GOODWILL',
    description: 'Goodwill gesture (manual amount)',
    value: 0,
    percent: false,
    perPerson: false,
    manual: true,
  },
];

export const INSURERS: readonly [string, string][] = [
  ['Staysure', '0333 005 0011'],
  ['AllClear', '0330 024 9930'],
  ['Saga Travel Insurance', '0800 015 1547'],
  ['Post Office Travel Insurance', '0344 856 0656'],
  ['Aviva', '0800 158 3319'],
  ['Holiday Extras', '0800 171 2000'],
];
