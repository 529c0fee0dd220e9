import { phraseList } from './phrase-list.js';

/** Family names from many languages and regions, plain ASCII, none a common English word. */
export const LAST_NAMES = phraseList(`
  Okafor | Mensah | Adeyemi | Nwosu | Dlamini | Nkosi | Osei | Mwangi | Abiodun | Moyo
  Haddad | Nasser | Khoury | Rahman | Farouk | Aziz | Bakr | Saleh
  Sharma | Iyer | Patel | Reddy | Menon | Kapoor | Nair | Banerjee | Chaudhry
  Tanaka | Sato | Nakamura | Kobayashi | Watanabe | Chen | Zhang | Huang | Zhou | Choi | Jung
  Nguyen | Tran | Pham | Hoang | Santoso | Wijaya | Dizon
  Reyes | Castillo | Moreno | Herrera | Vargas | Ortega | Silva | Costa | Ferreira | Almeida | Oliveira
  Quispe | Mendoza
  Lindqvist | Johansson | Andersen | Nilsson | Halvorsen | Virtanen | Korhonen | Becker | Hoffmann
  Schmidt | Vogel | Dekker | Bakker | Visser | Janssen | Meijer
  Kowalski | Nowak | Wisniewski | Sokolov | Volkov | Kovalenko | Shevchenko | Horvat | Novak | Popescu
  Ionescu | Papadopoulos | Georgiou | Rossi | Bianchi | Romano | Esposito
  Murphy | Byrne | Gallagher | Walsh | Evans | Hughes | Campbell | Fraser | MacLeod | Whitaker
  Thompson | Bennett | Ellison | Okonkwo | Ngata | Parata | Tuilagi
  Yilmaz | Demir | Kaya | Cohen | Mizrahi | Levinson
`);
