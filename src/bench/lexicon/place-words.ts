import { phraseList } from './phrase-list.js';

/** Cities on every continent, ASCII spelling. */
export const CITIES = phraseList(`
  Lisbon | Porto | Valencia | Lyon | Rotterdam | Antwerp | Hamburg | Leipzig | Gdansk | Krakow | Brno | Graz
  Ljubljana | Zagreb | Thessaloniki | Turin | Bologna | Tallinn | Riga | Vilnius | Tampere | Gothenburg
  Bergen | Aarhus | Cork | Glasgow | Leeds | Bristol | Lagos | Accra | Nairobi | Kigali | Durban | Casablanca
  Tunis | Amman | Muscat | Doha | Pune | Bengaluru | Hyderabad | Chennai | Colombo | Kathmandu | Dhaka
  Chiang Mai | Da Nang | Cebu | Surabaya | Penang | Osaka | Fukuoka | Sapporo | Busan | Taichung | Chengdu
  Hangzhou | Perth | Adelaide | Hobart | Wellington | Christchurch | Vancouver | Calgary | Winnipeg
  Halifax | Montreal | Portland | Denver | Austin | Pittsburgh | Raleigh | Tucson | Guadalajara | Monterrey
  Medellin | Cali | Quito | Cusco | Valparaiso | Cordoba | Rosario | Montevideo | Curitiba | Recife
`);

/** Countries on every continent, ASCII spelling. */
export const COUNTRIES = phraseList(`
  Portugal | Spain | France | Belgium | Netherlands | Germany | Poland | Czechia | Austria | Slovenia
  Croatia | Greece | Italy | Estonia | Latvia | Lithuania | Finland | Sweden | Norway | Denmark | Ireland
  Scotland | Nigeria | Ghana | Kenya | Rwanda | South Africa | Morocco | Tunisia | Jordan | Oman | Qatar
  India | Sri Lanka | Nepal | Bangladesh | Thailand | Vietnam | Philippines | Indonesia | Malaysia | Japan
  South Korea | Taiwan | Australia | New Zealand | Canada | Mexico | Colombia | Ecuador | Peru | Chile
  Argentina | Uruguay | Brazil | Iceland | Mongolia
`);

/** First halves of invented organisation names. */
export const ORG_PREFIXES = phraseList(`
  Bluefin | Copperleaf | Harborlane | Tallgrass | Ironbark | Silverpine | Quillstone | Brightwater | Oakhollow
  Kestrel | Marlowe | Saltmarsh | Westbrook | Cinderhill | Larkspur | Driftwood | Granite Bay | Juniper
  Meridian | Northgate | Pebblecreek | Redfern | Stonebridge | Thistle | Umberfield | Vantage Point
  Willowmere | Yarrow | Zephyrine | Amberly | Blackthorn | Cobalt Ridge | Fernhill | Goldcrest
`);

/** Second halves of invented organisation names: what kind of business it is. */
export const ORG_SUFFIXES = phraseList(`
  Logistics | Health | Analytics | Freight | Foods | Insurance | Robotics | Outfitters | Energy | Labs
  Media | Travel | Pharmacy | Credit Union | Learning | Hardware | Capital | Studios | Mobility | Farms
`);

/** Areas a team owns, for `team_name`. */
export const TEAM_AREAS = phraseList(`
  Payments | Billing | Identity | Search | Data | Mobile | Checkout | Growth | Developer Experience
  Reliability | Infrastructure | Ledger | Notifications | Fraud | Onboarding | Integrations | Storage
  Observability | Pricing | Fulfilment
`);

/** Kinds of team, for `team_name`. */
export const TEAM_KINDS = phraseList('Platform | Squad | Guild | Core | Tooling | Ops | Crew | Pod');

/** Days of the week. */
export const WEEKDAYS = phraseList('Monday | Tuesday | Wednesday | Thursday | Friday | Saturday | Sunday');
