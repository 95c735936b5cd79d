/**
 * The most common passwords of public breach corpora (≥ 8 characters: shorter ones fail the length rule
 * anyway), plus the predictable variants people build from the most common base words. Compared in
 * lower case. ~1,400 entries once expanded.
 */
const LISTED = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pa55w0rd
12345678 123456789 1234567890 0123456789 12341234 11111111 00000000 88888888 87654321 66666666 55555555
99999999 22222222 33333333 44444444 77777777 11223344 12121212 13131313 11112222 123123123 12344321
123454321 147258369 159753456 741852963 963852741 987654321 9876543210 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y
q1w2e3r4 q1w2e3r4t5 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 zaq1xsw2 qwertyui qwertyuiop qwerty123 qwerty12
qwerty1234 qwertyu1 qwer1234 asdfghjk asdfghjkl asdf1234 zxcvbnm1 zxcvbnm123 zxcvbnma 1234qwer 12345qwert
123qweasd qweasdzxc qazwsxedc qazwsx123 abcd1234 abc12345 abcdefgh abcdefg1 a1b2c3d4 aa123456 a1234567
iloveyou iloveyou1 iloveyou2 iloveu123 trustno1 sunshine sunshine1 princess princess1 football football1
baseball baseball1 basketball superman superman1 batman123 starwars starwars1 whatever whatever1 welcome1
welcome123 letmein1 letmein123 computer computer1 internet michelle jennifer jessica1 jordan23 michael1
charlie1 freedom1 shadow12 master12 master123 mustang1 dragon12 dragon123 monkey12 monkey123 cheese1
chocolate butterfly butterfly1 elephant liverpool liverpool1 chelsea1 arsenal1 manchester barcelona
realmadrid juventus galatasaray fenerbahce besiktas trabzonspor bursaspor istanbul ankara34 izmir35
turkiye1 turkey123 galatasaray1 fenerbahce1 besiktas1 sifre123 sifre1234 parola123 parola1234 sevgilim
askim123 bitanem1 seviyorum 12345678a 123456789a a123456789 qwerty123456 password! password!1 changeme
changeme1 changeme123 default1 secret12 secret123 administrator admin123 admin1234 adminadmin root1234
rootroot testtest test1234 test12345 guest123 user1234 letmein! welcome! 1password 11111111a q1w2e3r4t5y6
football12 football123 soccer12 soccer123 hockey12 tennis12 golfer12 matthew1 jonathan daniel12 andrew12
joshua12 hannah12 samantha samantha1 victoria veronica patricia caroline danielle nicole12 ashley12
alexander alexandra christina christine christopher stephanie elizabeth katherine jasmine1 melissa1 amanda12
midnight midnight1 maverick phoenix1 anthony1 william1 thomas12 richard1 charles1 harrison robert12
diamond1 platinum silver12 golden12 qwe123qwe asdasdasd asd12345 zxc12345 zxcasdqwe qazqazqaz
computer123 internet1 samsung1 samsung123 iphone123 nokia123 google123 facebook facebook1 linkedin
twitter1 youtube1 instagram snapchat1 minecraft minecraft1 pokemon1 naruto123 spiderman spiderman1
ironman1 avengers starwars123 hellokitty helloworld hello123 hello1234 loveyou1 lovelove lovely12
fuckyou1 fuckoff1 asshole1 blahblah princess12 cocacola1 chicken1 marlboro mercedes ferrari1 porsche1
corvette yamaha123 harley12 kawasaki thunder1 lightning scorpion1 tigger12 pussycat snoopy12 pepper12
ginger12 buster12 jackson1 cowboys1 yankees1 steelers eagles12 dolphins packers1 lakers24 raiders1
redskins broncos1 cardinal 12qwaszx 1q2w3e4r! zaq!2wsx !qaz2wsx 1qaz!qaz qwerty!@# 1234abcd 12345abc
abc123456 abcd12345 123456abc 123abc123 aaaaaaaa aaaaaaa1 qqqqqqqq zzzzzzzz xxxxxxxx asdfasdf qwerqwer
passpass pass1234 pass12345 mypassword mypass123 newpassword newpass1 oldpassword temp1234 temppass
letmein2 welcome2 summer12 summer123 winter12 winter123 spring12 autumn12 january1 february march123
november december 1234567a 1234567q qazwsxed poiuytrewq mnbvcxz1 lkjhgfdsa 0987654321 98765432
112233445566 123321123 123qwe123 q2w3e4r5 3edc4rfv 2wsx3edc 1a2b3c4d 5201314520 1314520520 woaini1314
`;

/** Base words that people decorate with years, digits and symbols. */
const BASES = [
  'password',
  'qwerty',
  'welcome',
  'letmein',
  'monkey',
  'dragon',
  'master',
  'shadow',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'soccer',
  'iloveyou',
  'admin',
  'login',
  'abc',
  'passw0rd',
  'superman',
  'batman',
  'michael',
  'jordan',
  'charlie',
  'freedom',
  'summer',
  'winter',
  'spring',
  'autumn',
  'hello',
  'secret',
  'galatasaray',
  'fenerbahce',
  'besiktas',
  'trabzon',
  'istanbul',
  'ankara',
  'turkiye',
  'sifre',
  'parola',
  'askim',
  'demo',
  'test',
  'user',
  'guest',
  'bet',
  'bahis',
  'casino',
  'poker',
  'lucky',
  'money',
];
const SUFFIXES = [
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '!',
  '1!',
  '123!',
  '01',
  '007',
  '69',
  '99',
  '2020',
  '2021',
  '2022',
  '2023',
  '2024',
  '2025',
  '2026',
  '2027',
];

function build(): Set<string> {
  const set = new Set(
    LISTED.split(/\s+/)
      .filter(Boolean)
      .map((p) => p.toLowerCase()),
  );
  for (const base of BASES) {
    for (const suffix of SUFFIXES) set.add(`${base}${suffix}`);
    set.add(`${base}${base}`);
  }
  return set;
}

export const COMMON_PASSWORDS: ReadonlySet<string> = build();
