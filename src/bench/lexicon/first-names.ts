import { phraseList } from './phrase-list.js';

/**
 * Given names from many languages and regions, spelt in plain ASCII so matching never depends on accents.
 * None is also a common English word, so a name never hides inside ordinary prose.
 */
export const FIRST_NAMES = phraseList(`
  Amara | Kwame | Chidi | Ngozi | Tendai | Zanele | Kofi | Ayodele | Thandiwe | Sipho | Adaeze | Kagiso
  Fatima | Omar | Layla | Karim | Yusuf | Noor | Samir | Leila | Rania | Tariq
  Priya | Arjun | Ananya | Rohan | Kavya | Vikram | Meera | Sanjay | Ishaan | Divya
  Hiroshi | Yuki | Haruto | Aiko | Kenji | Mei | Wei | Xiulan | Minjun | Seoyeon | Jiho | Thanh | Linh | Minh
  Siti | Rizal | Dewi | Bayani
  Mateo | Sofia | Valentina | Diego | Camila | Joaquin | Lucia | Rafael | Gabriela | Tiago | Beatriz | Luis
  Ximena | Pablo | Ines
  Lars | Astrid | Freya | Henrik | Ingrid | Sven | Mikko | Aino | Jonas | Greta | Lukas | Anja | Matthias
  Clara | Emil | Bram | Sanne | Femke | Joost
  Zofia | Piotr | Katarzyna | Tomasz | Dmitri | Irina | Olena | Bogdan | Nikola | Milena | Goran | Eleni
  Nikos | Giulia | Marco | Chiara | Lorenzo
  Aoife | Cian | Siobhan | Declan | Maeve | Rhys | Carys | Ewan | Isla | Hamish
  Oliver | Amelia | Theo | Hannah | Marcus | Nadia | Jamal | Keisha | Andre | Jasmine | Malik | Aaliyah
  Ethan | Chloe | Liam | Zara | Moana | Tane | Aroha | Kiri
  Aylin | Emre | Elif | Deniz | Kerem | Tamar | Eitan | Noa
`);
