/**
 * Given names the three cells' customers write (issue 41 item 7), for finding a name the tenant
 * has no contact for. Written from common-name knowledge of each country, not from the
 * benchmark corpus. Russian-speaking names are listed in Cyrillic only: names.ts's key() reads
 * a word in either script and in the usual transliterations as one key (Юлия = Yuliya =
 * Yulia = Julia, Екатерина = Ekaterina = Yekaterina, Фёдор = Fyodor = Fedor), and Cyrillic
 * case forms by their stems (Анне, Павла, Юлии).
 */

/** Russia, Ukraine, Belarus, Kazakhstan, the Caucasus and Central Asia, as written in Russian. */
export const CYRILLIC_GIVEN_NAMES = [
  // women
  'Александра', 'Алевтина', 'Алина', 'Алиса', 'Алла', 'Алёна', 'Альбина', 'Анастасия', 'Ангелина', 'Анжела', 'Анна', 'Антонина', 'Арина', 'Валентина',
  'Валерия', 'Варвара', 'Василиса', 'Вероника', 'Виктория', 'Виолетта', 'Галина', 'Дарья', 'Диана', 'Дина', 'Ева', 'Евгения', 'Екатерина', 'Елена',
  'Елизавета', 'Жанна', 'Зинаида', 'Злата', 'Зоя', 'Инна', 'Ирина', 'Карина', 'Кира', 'Клавдия', 'Кристина', 'Ксения', 'Лариса', 'Лидия', 'Лиана',
  'Людмила', 'Маргарита', 'Марина', 'Мария', 'Марьяна', 'Милана', 'Мирослава', 'Надежда', 'Наталия', 'Наталья', 'Нелли', 'Ника', 'Нина', 'Оксана',
  'Олеся', 'Ольга', 'Полина', 'Раиса', 'Регина', 'Светлана', 'Снежана', 'Софья', 'София', 'Стефания', 'Таисия', 'Тамара', 'Татьяна', 'Ульяна',
  'Эвелина', 'Элина', 'Эльвира', 'Юлиана', 'Юлия', 'Яна', 'Ярослава', 'Лилиана', 'Майя', 'Марта', 'Есения', 'Серафима', 'Мелания', 'Владислава',
  'Каролина', 'Розалия', 'Анфиса', 'Фаина', 'Эмилия', 'Влада', 'Лолита', 'Инга', 'Лада', 'Любава',
  // men
  'Александр', 'Алексей', 'Анатолий', 'Андрей', 'Антон', 'Аркадий', 'Арсений', 'Артём', 'Артемий', 'Борис', 'Богдан', 'Вадим', 'Валентин', 'Валерий',
  'Василий', 'Виктор', 'Виталий', 'Владимир', 'Владислав', 'Всеволод', 'Вячеслав', 'Геннадий', 'Георгий', 'Герман', 'Глеб', 'Григорий', 'Давид',
  'Даниил', 'Данила', 'Денис', 'Дмитрий', 'Евгений', 'Егор', 'Емельян', 'Захар', 'Иван', 'Игнат', 'Игорь', 'Илья', 'Иннокентий', 'Кирилл',
  'Константин', 'Лаврентий', 'Леонид', 'Лука', 'Макар', 'Максим', 'Марк', 'Матвей', 'Мирон', 'Мирослав', 'Михаил', 'Никита', 'Николай', 'Олег',
  'Павел', 'Пётр', 'Платон', 'Прохор', 'Родион', 'Роман', 'Ростислав', 'Руслан', 'Савелий', 'Святослав', 'Семён', 'Сергей', 'Станислав', 'Степан',
  'Тарас', 'Тимофей', 'Тимур', 'Трофим', 'Фёдор', 'Филипп', 'Эдуард', 'Эрик', 'Юрий', 'Яков', 'Ян', 'Ярослав', 'Остап', 'Назар', 'Демьян', 'Елисей',
  'Ефим', 'Игнатий', 'Кузьма', 'Мстислав', 'Никифор', 'Добрыня', 'Гордей',
  // Tatar, Bashkir, Kazakh, Kyrgyz, Uzbek, Tajik, Azerbaijani, Armenian, Georgian, Chechen and Dagestani names as written in Russian
  'Айгуль', 'Айгерим', 'Айдар', 'Айнур', 'Айсулу', 'Акмаль', 'Алибек', 'Алия', 'Алмаз', 'Амир', 'Амина', 'Арман', 'Арсен', 'Асель', 'Асылбек',
  'Ахмед', 'Ашот', 'Азамат', 'Бахтияр', 'Бекзат', 'Гаяне', 'Гульнара', 'Гульмира', 'Гульшат', 'Гузель', 'Дамир', 'Данияр', 'Диляра', 'Динара',
  'Дильназ', 'Ержан', 'Жандос', 'Зарема', 'Зарина', 'Зухра', 'Ильдар', 'Ильнур', 'Ильшат', 'Индира', 'Ислам', 'Камила', 'Камиль', 'Карен', 'Лейла',
  'Мадина', 'Малика', 'Марат', 'Мурат', 'Нурлан', 'Нурсултан', 'Рамиль', 'Ринат', 'Рустам', 'Руслана', 'Рушан', 'Салават', 'Санжар', 'Сабина',
  'Тагир', 'Тигран', 'Фарид', 'Хадижат', 'Шамиль', 'Эльдар', 'Эльмира', 'Эмиль', 'Юсуп', 'Гоша', 'Нурия', 'Лиля', 'Ильмира', 'Венера', 'Резеда',
  'Алишер', 'Дилноза', 'Нодира', 'Фарход', 'Шахзод', 'Гиви', 'Нино', 'Тамаз', 'Вахтанг', 'Гурген', 'Нарине', 'Ануш', 'Арам', 'Сурен', 'Рафаэль',
  // Everyday forms people sign with
  'Саша', 'Женя', 'Катя', 'Маша', 'Наташа', 'Таня', 'Оля', 'Лена', 'Ира', 'Света', 'Юля', 'Настя', 'Даша', 'Ксюша', 'Аня', 'Галя', 'Люда', 'Вика',
  'Дима', 'Серёжа', 'Лёша', 'Андрюша', 'Миша', 'Паша', 'Коля', 'Вова', 'Костя', 'Петя', 'Ваня', 'Витя', 'Гена', 'Толя', 'Юра', 'Слава', 'Стас',
] as const;

/** Latin spellings the transliteration does not fold onto the Cyrillic form. */
export const LATIN_SPELLINGS_OF_CYRILLIC_NAMES = ['Alexander', 'Alexandra', 'Katherine', 'Xenia', 'Sophia', 'Natalie', 'Eugene', 'Eugenia', 'Yevgeny',
  'Yevgeniya', 'Ludmila', 'Georgy', 'Gregory', 'Jakob', 'Jan', 'Peter', 'Pyotr', 'Mikhail', 'Michael', 'Ilya', 'Ilia', 'Tatiana', 'Mariya', 'Maria', 'Olga', 'Helen'] as const;

/** The United Kingdom's customers: British, Irish, and the names of its larger communities. */
export const LATIN_GIVEN_NAMES = [
  'Aaron', 'Abigail', 'Adam', 'Adrian', 'Aidan', 'Aisha', 'Alan', 'Albert', 'Alex', 'Alfie', 'Alice', 'Alison', 'Alistair', 'Amanda', 'Amelia', 'Amir',
  'Amy', 'Andrew', 'Angela', 'Anjali', 'Ann', 'Anne', 'Anthony', 'Aoife', 'Archie', 'Arjun', 'Arthur', 'Ashley', 'Barbara', 'Beatrice', 'Ben',
  'Benjamin', 'Bethany', 'Bradley', 'Brian', 'Bridget', 'Caitlin', 'Callum', 'Cameron', 'Carl', 'Caroline', 'Catherine', 'Charles', 'Charlie',
  'Charlotte', 'Chidi', 'Chloe', 'Christine', 'Christopher', 'Ciaran', 'Claire', 'Connor', 'Craig', 'Daniel', 'Darren', 'David', 'Dean', 'Deborah',
  'Declan', 'Dennis', 'Diane', 'Dominic', 'Donna', 'Dylan', 'Eilidh', 'Eleanor', 'Elizabeth', 'Ella', 'Ellie', 'Emily', 'Emma', 'Eoin', 'Eric',
  'Ethan', 'Evie', 'Fatima', 'Fiona', 'Finlay', 'Finn', 'Francesca', 'Freddie', 'Freya', 'Gareth', 'Gary', 'Gemma', 'Geoffrey', 'George', 'Georgina',
  'Gillian', 'Graham', 'Hamish', 'Hannah', 'Harriet', 'Harrison', 'Harry', 'Harvey', 'Hassan', 'Hayley', 'Heather', 'Helen', 'Henry', 'Holly', 'Hugh',
  'Ian', 'Imogen', 'Isaac', 'Isabella', 'Isabelle', 'Isla', 'Jacob', 'James', 'Jamie', 'Jane', 'Janet', 'Jasmine', 'Jason', 'Jennifer', 'Jessica',
  'Joanne', 'Joe', 'John', 'Jonathan', 'Joseph', 'Joshua', 'Julie', 'Karen', 'Katie', 'Kayleigh', 'Keith', 'Kelly', 'Kenneth', 'Kevin', 'Kieran',
  'Kirsty', 'Kwame', 'Laura', 'Lauren', 'Leah', 'Lee', 'Leo', 'Lewis', 'Liam', 'Linda', 'Logan', 'Louise', 'Luca', 'Lucy', 'Luke', 'Mandeep',
  'Margaret', 'Martin', 'Mason', 'Matthew', 'Megan', 'Mei', 'Melissa', 'Michelle', 'Mohammed', 'Muhammad', 'Mia', 'Millie', 'Molly', 'Nathan',
  'Neil', 'Niall', 'Niamh', 'Nicholas', 'Nicola', 'Nigel', 'Noah', 'Olivia', 'Oliver', 'Omar', 'Oscar', 'Owen', 'Patrick', 'Paul', 'Peter', 'Philip',
  'Philippa', 'Phoebe', 'Poppy', 'Priya', 'Rachel', 'Rajesh', 'Ravi', 'Rebecca', 'Rhiannon', 'Rhys', 'Richard', 'Robert', 'Rory', 'Ruth', 'Ryan',
  'Sadie', 'Samantha', 'Samuel', 'Sandra', 'Sarah', 'Scarlett', 'Sean', 'Seren', 'Shaun', 'Sian', 'Simon', 'Siobhan', 'Sophie', 'Stephen',
  'Steven', 'Stuart', 'Susan', 'Tariq', 'Theo', 'Thomas', 'Timothy', 'Toby', 'Tom', 'Tracey', 'Tyler', 'Victoria', 'Vikram', 'William', 'Yasmin',
  'Zainab', 'Zara', 'Zoe', 'Agnieszka', 'Katarzyna', 'Magdalena', 'Piotr', 'Tomasz', 'Krzysztof', 'Mateusz', 'Marta', 'Joanna', 'Ioana', 'Andrei',
  'Bogdan', 'Chiara', 'Giulia', 'Marco', 'Sofia', 'Lucas', 'Hugo', 'Gabriel', 'Rosie', 'Florence', 'Harper', 'Ivy', 'Matilda', 'Elsie', 'Jude',
  'Reuben', 'Stanley', 'Teddy', 'Edward', 'Emmanuel', 'Femi', 'Adebayo', 'Ngozi', 'Chinedu', 'Sunita', 'Deepak', 'Imran', 'Bilal', 'Ayesha', 'Nadia',
  'Sana', 'Hamza', 'Yusuf', 'Ali', 'Ahmed', 'Mustafa', 'Kofi', 'Abena', 'Nkechi',
] as const;

/** Indonesia's customers: Javanese, Sundanese, Balinese, Batak, Malay, Arabic and Chinese-Indonesian given names. */
export const INDONESIAN_GIVEN_NAMES = [
  'Agus', 'Ahmad', 'Aditya', 'Adi', 'Agung', 'Andi', 'Angga', 'Anisa', 'Annisa', 'Anggi', 'Arif', 'Arief', 'Aulia', 'Ayu', 'Bagus', 'Bambang', 'Bayu',
  'Budi', 'Cahya', 'Citra', 'Dani', 'Dedi', 'Desi', 'Dewi', 'Dian', 'Dimas', 'Dini', 'Dodi', 'Dwi', 'Eka', 'Eko', 'Endang', 'Endah', 'Erna',
  'Evi', 'Fadli', 'Fajar', 'Farhan', 'Fauzan', 'Febri', 'Ferry', 'Fikri', 'Fitri', 'Fitria', 'Galih', 'Gilang', 'Gita', 'Hadi', 'Hana', 'Hari',
  'Hasan', 'Hendra', 'Hendro', 'Heru', 'Hesti', 'Ika', 'Ilham', 'Indra', 'Indah', 'Intan', 'Irfan', 'Irma', 'Iwan', 'Joko', 'Kartika', 'Ketut',
  'Komang', 'Kurnia', 'Lia', 'Lina', 'Lukman', 'Made', 'Maya', 'Mega', 'Melati', 'Muhamad', 'Nabila', 'Nadia', 'Nanda', 'Nia', 'Nining', 'Novi',
  'Nur', 'Nurul', 'Nyoman', 'Okta', 'Oki', 'Puspita', 'Putra', 'Putri', 'Putu', 'Rahma', 'Rahmat', 'Ratih', 'Ratna', 'Reza', 'Rian', 'Rina',
  'Rini', 'Riski', 'Rizki', 'Rizky', 'Rudi', 'Sari', 'Salsabila', 'Sigit', 'Sinta', 'Siti', 'Slamet', 'Sri', 'Suci', 'Surya', 'Susi', 'Taufik',
  'Teguh', 'Tika', 'Tri', 'Tuti', 'Utami', 'Vina', 'Wahyu', 'Wahyuni', 'Wayan', 'Widya', 'Wulan', 'Yanti', 'Yoga', 'Yudi', 'Yuli', 'Yulia',
  'Yuni', 'Yusuf', 'Zahra', 'Zulkifli', 'Kadek', 'Gede', 'Ayu', 'Asep', 'Ujang', 'Cecep', 'Dadang', 'Neng', 'Euis', 'Butet', 'Ucok', 'Rendi', 'Rendy',
  'Yohanes', 'Maria', 'Agustina', 'Yosef', 'Hendrik', 'Stefanus', 'Kevin', 'Felix', 'Jessica', 'Michelle', 'Cindy', 'Vivian', 'Wulandari', 'Wati',
  'Kusuma', 'Lestari', 'Handayani', 'Yulianti', 'Rahayu', 'Nurhayati', 'Susanti', 'Hidayat', 'Fauzi',
] as const;

/**
 * Indonesian second names and family names: most Indonesians have none in the European sense,
 * but these follow a given name in a full name often enough to be read as part of one.
 */
export const INDONESIAN_SECOND_NAMES = [
  'Santoso', 'Wijaya', 'Pratama', 'Saputra', 'Saputri', 'Setiawan', 'Kurniawan', 'Gunawan', 'Hermawan', 'Susanto', 'Nugroho', 'Wibowo', 'Prasetyo',
  'Purnomo', 'Hartono', 'Haryanto', 'Sutrisno', 'Widodo', 'Suryadi', 'Mulyadi', 'Firmansyah', 'Syahputra', 'Ramadhan', 'Permana', 'Hakim', 'Halim',
  'Salim', 'Iskandar', 'Effendi', 'Anwar', 'Siregar', 'Nasution', 'Harahap', 'Lubis', 'Simanjuntak', 'Sitompul', 'Panjaitan', 'Hutapea', 'Sinaga',
  'Tanjung', 'Damanik', 'Manurung', 'Sembiring', 'Ginting', 'Tarigan', 'Pohan', 'Rangkuti', 'Daulay', 'Sihombing', 'Situmorang', 'Pardede', 'Simatupang',
  'Hutagalung', 'Tambunan', 'Sianturi', 'Napitupulu', 'Tanoto', 'Tjahjadi', 'Sugiarto', 'Budiman', 'Wirawan', 'Adiputra', 'Pangestu', 'Hadiwijaya',
  'Sasmita', 'Utomo', 'Subagyo', 'Hamdani', 'Jaya', 'Kusnadi', 'Rusdi', 'Supriyadi', 'Suharto', 'Sukarno', 'Yudhoyono', 'Tanuwidjaja', 'Halimah',
  'Maharani', 'Anggraini', 'Puspitasari', 'Novitasari', 'Ningsih', 'Suryani', 'Fitriani', 'Rahmawati', 'Sulistyowati', 'Yulianto', 'Handoko',
] as const;

/**
 * Given names that are also places, brands or everyday words in a capitalised position
 * ("Victoria Station", "Gloria Jeans", "Roman blinds"): a name only beside another part of a
 * name or after a word that introduces one, like names.ts's common words.
 */
export const AMBIGUOUS_GIVEN_NAMES = ['Victoria', 'Sofia', 'София', 'Regina', 'Регина', 'Roman', 'Роман', 'Florence', 'Jordan', 'Chelsea', 'Lincoln',
  'Paris', 'Georgia', 'Virginia', 'Carolina', 'Dakota', 'India', 'China', 'Harper', 'Ivy', 'Mercedes', 'Marta', 'Марта', 'Ника', 'Nike', 'Лада',
  'Венера', 'Мирон', 'Jude', 'Gloria', 'Jean', 'Zara', 'Ali', 'Tri', 'Dwi', 'Eka', 'Sri', 'Made', 'Nur', 'Jaya', 'Putra', 'Kusuma', 'Lina', 'Dini', 'Hari',
  'Tika', 'Gita', 'Hana', 'Okta', 'Febri', 'Mega', 'Melati', 'Kurnia', 'Cahya', 'Rahayu', 'Marco', 'Felix', 'Lucas', 'Hugo', 'Leo', 'Rosie',
  'Stanley', 'Teddy', 'Ian', 'Evi', 'Asep', 'Gede', 'Ян', 'Марк', 'Лука', 'Ева', 'Кира', 'Дина', 'Зоя', 'Алла', 'Инна'] as const;
